import { describe, expect, it } from 'vitest';
import { loadVisitorState, MAX_STORED_MESSAGES, newVisitorId, saveVisitorState, storageKey, type KeyValueStore, type StoredMessage } from './storage';

const BOT_A = '3f2c1a4e-8b7d-4c6e-9f10-1a2b3c4d5e6f';
const BOT_B = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CONVERSATION = '0d9c8b7a-6f5e-4d3c-a2b1-0f9e8d7c6b5a';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('what the widget remembers about a visitor', () => {
  it('keys the state by chatbot id, so two chatbots on one site keep separate conversations', () => {
    expect(storageKey(BOT_A)).toBe(`parley:widget:${BOT_A}`);
    const store = memoryStore();
    const a = loadVisitorState(store, BOT_A);
    saveVisitorState(store, BOT_A, { ...a, conversationId: CONVERSATION, messages: [{ role: 'visitor', text: 'hi' }] });
    expect([...store.data.keys()]).toEqual([`parley:widget:${BOT_A}`]);
    expect(loadVisitorState(store, BOT_B)).toMatchObject({ conversationId: null, messages: [] });
  });

  it('continues the same visitor and conversation after a reload', () => {
    const store = memoryStore();
    const first = loadVisitorState(store, BOT_A);
    const messages: StoredMessage[] = [
      { role: 'visitor', text: 'How long do refunds take?' },
      { role: 'bot', text: 'Five working days.', citations: [{ sourceId: 's1', sourceName: 'faq', excerpt: 'Refunds are paid within five working days.' }] },
      // The number the answer cites the passage by is remembered with it.
      { role: 'bot', text: 'From Rotterdam [2].', citations: [{ sourceId: 's2', sourceName: 'guide', excerpt: 'We ship from Rotterdam.', number: 2 }] },
    ];
    saveVisitorState(store, BOT_A, { ...first, conversationId: CONVERSATION, messages });
    expect(loadVisitorState(store, BOT_A)).toEqual({ visitorId: first.visitorId, conversationId: CONVERSATION, messages, mode: 'bot', lastEventAt: null });
  });

  it('remembers a conversation with a person: its mode, the last live message time, agents and status lines', () => {
    const store = memoryStore();
    const first = loadVisitorState(store, BOT_A);
    const messages: StoredMessage[] = [
      { role: 'visitor', text: 'talk to a human' },
      { role: 'system', text: 'Ada joined the conversation.', id: 'm2' },
      { role: 'agent', text: 'Hi! How can I help?', id: 'm3', author: 'Ada' },
      { role: 'bot', text: 'Earlier answer', id: 'm1', rating: 'down' },
    ];
    const lastEventAt = '2026-11-23T10:00:00.000Z';
    saveVisitorState(store, BOT_A, { ...first, conversationId: CONVERSATION, messages, mode: 'active', lastEventAt });
    expect(loadVisitorState(store, BOT_A)).toMatchObject({ conversationId: CONVERSATION, messages, mode: 'active', lastEventAt });
    // A mode without a conversation, or a nonsense one, is the bot's.
    saveVisitorState(store, BOT_A, { ...first, conversationId: null, messages, mode: 'waiting', lastEventAt: 'yesterday' });
    expect(loadVisitorState(store, BOT_A)).toMatchObject({ mode: 'bot', lastEventAt: null });
  });

  it(`keeps only the last ${MAX_STORED_MESSAGES} messages`, () => {
    const store = memoryStore();
    const messages = Array.from({ length: 70 }, (_, i): StoredMessage => ({ role: i % 2 ? 'bot' : 'visitor', text: `m${i}` }));
    saveVisitorState(store, BOT_A, { visitorId: 'visitor-1234', conversationId: null, messages, mode: 'bot', lastEventAt: null });
    const restored = loadVisitorState(store, BOT_A).messages;
    expect(restored).toHaveLength(MAX_STORED_MESSAGES);
    expect(restored[0]?.text).toBe('m20');
    expect(restored[MAX_STORED_MESSAGES - 1]?.text).toBe('m69');
  });

  it('starts afresh from corrupted or foreign data instead of failing', () => {
    const store = memoryStore();
    store.setItem(storageKey(BOT_A), '{not json');
    expect(loadVisitorState(store, BOT_A, () => 'fresh-visitor')).toEqual({
      visitorId: 'fresh-visitor',
      conversationId: null,
      messages: [],
      mode: 'bot',
      lastEventAt: null,
    });
    store.setItem(
      storageKey(BOT_A),
      JSON.stringify({
        visitorId: 'bad id!',
        conversationId: 'nope',
        messages: [
          { role: 'system', text: 1 },
          { role: 'robot', text: 'who?' },
          { role: 'bot', text: 'ok' },
        ],
      }),
    );
    expect(loadVisitorState(store, BOT_A, () => 'fresh-visitor')).toEqual({
      visitorId: 'fresh-visitor',
      conversationId: null,
      messages: [{ role: 'bot', text: 'ok' }],
      mode: 'bot',
      lastEventAt: null,
    });
  });

  it('works without storage (blocked, full or throwing)', () => {
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const state = loadVisitorState(throwing, BOT_A);
    expect(() => saveVisitorState(throwing, BOT_A, state)).not.toThrow();
    expect(loadVisitorState(null, BOT_A).messages).toEqual([]);
  });

  it('makes visitor ids the public chat accepts, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newVisitorId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
