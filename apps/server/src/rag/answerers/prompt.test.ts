import { describe, expect, it } from 'vitest';
import { buildAnswerPrompt, citationsUsedIn, type ChatTurn } from './prompt';
import { excerptOf } from './types';

describe('buildAnswerPrompt', () => {
  it('tells the model plainly when nothing was retrieved, so it can say it does not know', () => {
    const { system, messages, citations } = buildAnswerPrompt({ systemPrompt: '  ', passages: [], history: [], question: ' Who are you? ' });
    expect(system).toMatch(/^Answer the question using only the numbered context passages/);
    expect(system).toContain("say that you don't know");
    expect(messages).toEqual([{ role: 'user', content: 'Context passages:\n\n(No passages were found for this question.)\n\nQuestion: Who are you?' }]);
    expect(citations).toEqual([]);
  });
});

describe('the conversation the model is shown', () => {
  it('leaves out failed and empty answers with the questions they did not answer, so no message is empty and the roles alternate', () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'Do you ship to Norway?' },
      { role: 'assistant', content: 'Yes, within five days [1].' },
      // Failed before any text (the provider was down).
      { role: 'user', content: 'How much does it cost?' },
      { role: 'assistant', content: '', failed: true },
      // Stopped by the visitor before any text.
      { role: 'user', content: 'And to Sweden?' },
      { role: 'assistant', content: '  ' },
      // Failed half-way: what was streamed is not an answer either.
      { role: 'user', content: 'Can I pay by card?' },
      { role: 'assistant', content: 'Cards are acc', failed: true },
      { role: 'user', content: 'What about returns?' },
      { role: 'assistant', content: 'Within 30 days [2].' },
    ];
    const { messages } = buildAnswerPrompt({ systemPrompt: 'Be brief.', passages: [], history, question: 'How much does shipping cost?' });
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Do you ship to Norway?'],
      ['assistant', 'Yes, within five days [1].'],
      ['user', 'What about returns?'],
      ['assistant', 'Within 30 days [2].'],
      ['user', 'Context passages:\n\n(No passages were found for this question.)\n\nQuestion: How much does shipping cost?'],
    ]);
    for (const message of messages) expect(String(message.content).trim()).not.toBe('');
    messages.forEach((message, i) => expect(message.role).toBe(i % 2 === 0 ? 'user' : 'assistant'));
  });

  it('keeps the last question before a failed answer out too, so the new question is not the second user turn in a row', () => {
    const { messages } = buildAnswerPrompt({
      systemPrompt: '',
      passages: [],
      history: [
        { role: 'user', content: 'Hello?' },
        { role: 'assistant', content: '', failed: true },
      ],
      question: 'Hello again?',
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('user');
  });
});

describe('citationsUsedIn', () => {
  it('keeps the citations whose numbers the answer mentions', () => {
    const citations = [1, 2, 3].map((number) => ({ number, chunkId: `c${number}`, sourceName: 's', excerpt: '' }));
    expect(citationsUsedIn('Yes [3], and also [1][3]. Not [12].', citations).map((citation) => citation.number)).toEqual([1, 3]);
    expect(citationsUsedIn('No markers.', citations)).toEqual([]);
  });
});

describe('excerptOf', () => {
  it('shortens long text at a word boundary with an ellipsis', () => {
    expect(excerptOf('Short  text\nhere.')).toBe('Short text here.');
    const excerpt = excerptOf('word '.repeat(100), 40);
    expect(excerpt.length).toBeLessThanOrEqual(40);
    expect(excerpt).toMatch(/^word( word)+…$/);
  });
});
