import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { describe, expect, it } from 'vitest';
import { EMPTY_TRANSCRIPT, isStreaming, transcriptReducer, type Transcript } from './chat-transcript';

const conversationId = '0b5c6f8e-4a43-4c55-9a5e-0d7f1c1e2a01';
const citation = { chunkId: 'c1', sourceId: 's1', sourceName: 'returns.md', excerpt: 'Returns are accepted within 30 days.' };

function ask(state: Transcript, text: string, answerId: string): Transcript {
  return transcriptReducer(state, { type: 'ask', question: { id: `q-${answerId}`, role: 'user', text }, answerId });
}

function stream(state: Transcript, answerId: string, events: ChatStreamEvent[]): Transcript {
  return events.reduce((current, event) => transcriptReducer(current, { type: 'event', answerId, event }), state);
}

describe('the test chat transcript', () => {
  it('builds the answer from the stream: conversation from meta, text from deltas, citations from done', () => {
    let state = ask(EMPTY_TRANSCRIPT, 'Can I return shoes?', 'a1');
    expect(isStreaming(state)).toBe(true);
    state = stream(state, 'a1', [
      { type: 'meta', conversationId, messageId: 'm1' },
      { type: 'delta', text: 'Returns are accepted ' },
      { type: 'delta', text: 'within 30 days.' },
    ]);
    expect(state.conversationId).toBe(conversationId);
    expect(state.turns[1]).toMatchObject({ text: 'Returns are accepted within 30 days.', status: 'streaming' });
    state = stream(state, 'a1', [{ type: 'done', answered: true, citations: [citation], tokens: 20 }]);
    expect(state.turns[1]).toMatchObject({ status: 'done', answered: true, citations: [citation] });
    expect(isStreaming(state)).toBe(false);
  });

  it('keeps the conversation for a follow-up and forgets it on reset', () => {
    let state = stream(ask(EMPTY_TRANSCRIPT, 'First?', 'a1'), 'a1', [
      { type: 'meta', conversationId, messageId: 'm1' },
      { type: 'done', answered: false, citations: [], tokens: 3 },
    ]);
    state = ask(state, 'And then?', 'a2');
    expect(state.conversationId).toBe(conversationId);
    expect(state.turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(transcriptReducer(state, { type: 'reset' })).toEqual(EMPTY_TRANSCRIPT);
  });

  it('marks an answer "not found in your documents" when the server says it was not answered', () => {
    const state = stream(ask(EMPTY_TRANSCRIPT, 'Weather?', 'a1'), 'a1', [
      { type: 'delta', text: "I couldn't find anything about that." },
      { type: 'done', answered: false, citations: [], tokens: 9 },
    ]);
    expect(state.turns[1]).toMatchObject({ answered: false, limited: false, citations: [], status: 'done' });
  });

  it('keeps an answer refused for the usage limit apart from one the documents could not give', () => {
    const state = stream(ask(EMPTY_TRANSCRIPT, 'Shipping?', 'a1'), 'a1', [
      { type: 'delta', text: 'This assistant has reached its monthly usage limit and cannot answer right now. Please try again later.' },
      { type: 'done', answered: false, limited: true, citations: [], tokens: 0 },
    ]);
    expect(state.turns[1]).toMatchObject({ answered: false, limited: true, status: 'done' });
  });

  it('shows an error event or a failed request on the answer it belongs to', () => {
    const errored = stream(ask(EMPTY_TRANSCRIPT, 'Hi', 'a1'), 'a1', [{ type: 'error', message: 'The answer could not be completed.' }]);
    expect(errored.turns[1]).toMatchObject({ status: 'error', error: 'The answer could not be completed.' });
    const failed = transcriptReducer(ask(EMPTY_TRANSCRIPT, 'Hi', 'a1'), { type: 'fail', answerId: 'a1', message: 'Chatbot not found.' });
    expect(failed.turns[1]).toMatchObject({ status: 'error', error: 'Chatbot not found.' });
  });

  it('ignores what arrives after the user stopped an answer', () => {
    let state = stream(ask(EMPTY_TRANSCRIPT, 'Hi', 'a1'), 'a1', [{ type: 'delta', text: 'Partial' }]);
    state = transcriptReducer(state, { type: 'stop', answerId: 'a1' });
    state = stream(state, 'a1', [
      { type: 'delta', text: ' more' },
      { type: 'done', answered: true, citations: [citation], tokens: 5 },
    ]);
    expect(state.turns[1]).toMatchObject({ text: 'Partial', status: 'stopped', citations: [] });
  });
});
