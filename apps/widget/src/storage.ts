import type { Citation } from '@parley/shared/contracts/chat';
import type { ActionOffer } from '@parley/shared/contracts/chatbot-actions';

/** How many messages a visitor's browser keeps (the server has no history endpoint for the widget). */
export const MAX_STORED_MESSAGES = 50;
const MAX_EXCERPT_CHARS = 600;

export type StoredCitation = Pick<Citation, 'sourceId' | 'sourceName' | 'excerpt' | 'number'>;

export interface StoredMessage {
  /** visitor and bot as before; agent: a person of the team; system: a status line ("Ada joined the conversation."). */
  role: 'visitor' | 'bot' | 'agent' | 'system';
  text: string;
  /** The server's id (bot answers, agent and status messages): ratings need it, and live messages are not shown twice. */
  id?: string;
  citations?: StoredCitation[];
  /** The visitor's thumbs on a bot answer. */
  rating?: 'up' | 'down';
  /** An agent's first name. */
  author?: string;
  /** The actions a bot answer offers as buttons (those not run yet). */
  offers?: ActionOffer[];
}

/** bot: the assistant answers; waiting / active: a person was asked for / is answering. */
export type ConversationMode = 'bot' | 'waiting' | 'active';

export interface VisitorState {
  visitorId: string;
  conversationId: string | null;
  messages: StoredMessage[];
  mode: ConversationMode;
  /** The newest live message seen (ISO time): a reconnect asks for what came after. */
  lastEventAt: string | null;
}

/** The subset of the Web Storage API used here (a Map-backed fake in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** One key per chatbot, so two chatbots on one site keep separate conversations. */
export function storageKey(chatbotId: string): string {
  return `parley:widget:${chatbotId}`;
}

/** A random visitor id the public chat accepts: 8–64 of [A-Za-z0-9_-]. */
export function newVisitorId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let id = 'v_';
  random(new Uint8Array(22)).forEach((byte) => (id += alphabet.charAt(byte & 63)));
  return id;
}

const ROLES = ['visitor', 'bot', 'agent', 'system'];
const MODES: ConversationMode[] = ['bot', 'waiting', 'active'];

function isOffer(value: unknown): value is ActionOffer {
  const offer = value as ActionOffer;
  return (
    !!offer &&
    typeof offer.actionId === 'string' &&
    typeof offer.label === 'string' &&
    Array.isArray(offer.fields) &&
    offer.fields.every(
      (f) =>
        !!f && typeof f.name === 'string' && typeof f.label === 'string' && typeof f.type === 'string' && (f.options === undefined || Array.isArray(f.options)),
    )
  );
}

function isStoredMessage(value: unknown): value is StoredMessage {
  const m = value as StoredMessage;
  return (
    !!m &&
    ROLES.indexOf(m.role) >= 0 &&
    typeof m.text === 'string' &&
    (m.citations === undefined || Array.isArray(m.citations)) &&
    (m.offers === undefined || (Array.isArray(m.offers) && m.offers.every(isOffer)))
  );
}

/** What this browser remembers for the chatbot; anything missing or malformed starts afresh. */
export function loadVisitorState(store: KeyValueStore | null, chatbotId: string, makeId: () => string = newVisitorId): VisitorState {
  let saved: Partial<VisitorState> = {};
  try {
    const raw = store?.getItem(storageKey(chatbotId));
    if (raw) saved = JSON.parse(raw) as Partial<VisitorState>;
  } catch {
    saved = {};
  }
  const visitorId = typeof saved.visitorId === 'string' && VISITOR_ID.test(saved.visitorId) ? saved.visitorId : makeId();
  const conversationId = typeof saved.conversationId === 'string' && UUID.test(saved.conversationId) ? saved.conversationId : null;
  const messages = Array.isArray(saved.messages) ? saved.messages.filter(isStoredMessage).slice(-MAX_STORED_MESSAGES) : [];
  const mode = conversationId && MODES.indexOf(saved.mode as ConversationMode) >= 0 ? (saved.mode as ConversationMode) : 'bot';
  const lastEventAt = typeof saved.lastEventAt === 'string' && !isNaN(Date.parse(saved.lastEventAt)) ? saved.lastEventAt : null;
  return { visitorId, conversationId, messages, mode, lastEventAt };
}

/** Keeps the last MAX_STORED_MESSAGES messages; a full or refused storage only means no memory. */
export function saveVisitorState(store: KeyValueStore | null, chatbotId: string, state: VisitorState): void {
  const messages = state.messages.slice(-MAX_STORED_MESSAGES).map((m) =>
    m.citations
      ? {
          ...m,
          citations: m.citations.map((c) => ({
            sourceId: c.sourceId,
            sourceName: c.sourceName,
            excerpt: c.excerpt.slice(0, MAX_EXCERPT_CHARS),
            ...(typeof c.number === 'number' ? { number: c.number } : {}),
          })),
        }
      : m,
  );
  try {
    const { visitorId, conversationId, mode, lastEventAt } = state;
    store?.setItem(storageKey(chatbotId), JSON.stringify({ visitorId, conversationId, messages, mode, lastEventAt }));
  } catch {
    /* quota exceeded or storage disabled */
  }
}

/** localStorage, or null where reading it throws (blocked third-party storage, sandboxed frames). */
export function browserStorage(): KeyValueStore | null {
  try {
    const store = window.localStorage;
    const probe = '__parley_probe__';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    return null;
  }
}
