import { describe, expect, it } from 'vitest';
import { buildAnswerPrompt, citationsUsedIn } from './prompt';
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
