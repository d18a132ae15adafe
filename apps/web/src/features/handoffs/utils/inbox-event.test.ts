import { describe, expect, it } from 'vitest';
import { parseInboxEvent } from './inbox-event';

const id = '0b5c6f8e-4a43-4c55-9a5e-0d7f1c1e2a01';

describe('reading an inbox stream event', () => {
  it('accepts the two kinds the server sends', () => {
    expect(parseInboxEvent(JSON.stringify({ type: 'handoff', handoffId: id, status: 'waiting' }))).toEqual({
      type: 'handoff',
      handoffId: id,
      status: 'waiting',
    });
    const message = { id, role: 'user', content: 'Hi', authorName: null, createdAt: '2026-11-22T10:00:00.000Z' };
    expect(parseInboxEvent(JSON.stringify({ type: 'message', handoffId: id, message }))).toEqual({ type: 'message', handoffId: id, message });
  });

  it('ignores anything else rather than failing', () => {
    expect(parseInboxEvent('not json')).toBeNull();
    expect(parseInboxEvent('null')).toBeNull();
    expect(parseInboxEvent(JSON.stringify({ type: 'typing', handoffId: id }))).toBeNull();
    expect(parseInboxEvent(JSON.stringify({ type: 'handoff', handoffId: id, status: 'lost' }))).toBeNull();
    expect(parseInboxEvent(JSON.stringify({ type: 'handoff', status: 'waiting' }))).toBeNull();
  });
});
