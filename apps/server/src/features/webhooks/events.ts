import { type WebhookChatbot, type WebhookEventData, type WebhookEventType, type WebhookPayload } from '@parley/shared/contracts/webhooks';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { webhookConfigs, webhookDeliveries, webhookEvents, type chatbots, type handoffs, type knowledgeSources } from '../../db/schema/index';
import { newWebhookEventId } from './signing';

/**
 * The outbox side of outbound webhooks: features call emitWebhookEvent with their transaction, so the event is
 * stored if and only if the change that caused it commits. The delivery worker (delivery.ts) sends it later.
 */

export interface WebhookEventInput<T extends WebhookEventType> {
  organizationId: string;
  type: T;
  data: WebhookEventData[T];
  /** When it happened; now by default. */
  at?: Date;
}

/** For each event type asked about, the active configurations listening to it: the organization's and the installation-wide ones. */
export type WebhookListeners = ReadonlyMap<WebhookEventType, readonly string[]>;

/**
 * Who listens to these event types: the organization's active configurations and the installation-wide ones, in one
 * indexed query, or from `cache` (the chat turn), which every node drops when a configuration's organization, event
 * types or activity changes. A transaction that emits several kinds of events (an answer: message.created, and
 * usage.threshold_reached when a limit is crossed) reads them once and passes them on. With `cache`, `db` must not
 * have changed webhook_configs in its transaction (see ReadCache.read).
 */
export async function webhookListeners(db: Db, organizationId: string, types: readonly WebhookEventType[], cache?: ReadCache): Promise<WebhookListeners> {
  const read = () =>
    db
      .select({ id: webhookConfigs.id, eventTypes: webhookConfigs.eventTypes })
      .from(webhookConfigs)
      .where(and(or(eq(webhookConfigs.organizationId, organizationId), isNull(webhookConfigs.organizationId)), eq(webhookConfigs.isActive, true)));
  const rows = cache ? await cache.read([webhookConfigs], `webhook-listeners:${organizationId}`, read) : await read();
  return new Map(types.map((type) => [type, rows.filter((row) => row.eventTypes.includes(type)).map((row) => row.id)]));
}

/** The configurations listening to `type`, from `listeners` when the caller read them, else read now. */
async function listenersOf(db: Db, organizationId: string, type: WebhookEventType, listeners?: WebhookListeners): Promise<readonly string[]> {
  return (listeners ?? (await webhookListeners(db, organizationId, [type]))).get(type) ?? [];
}

/** The body sent: Standard Webhooks' recommended `{ type, timestamp, data }`, stored once so every attempt signs the same bytes. */
export function webhookBody<T extends keyof WebhookEventData>(type: T, at: Date, data: WebhookEventData[T]): string {
  const payload: WebhookPayload<T> = { type, timestamp: at.toISOString(), data };
  return JSON.stringify(payload);
}

/**
 * Stores events of one type (one organization) and a pending delivery per listening configuration. Nobody listens:
 * one indexed query (none when the caller passes the listeners it read) and nothing written (an event no
 * configuration wanted is not kept). Returns the event ids.
 */
export async function emitWebhookEvents<T extends WebhookEventType>(db: Db, events: WebhookEventInput<T>[], listeners?: WebhookListeners): Promise<string[]> {
  const first = events[0];
  if (!first) return [];
  const known = listeners ?? new Map([[first.type, await listenersOf(db, first.organizationId, first.type)]]);
  const rows = webhookOutboxRows(events as AnyWebhookEventInput[], known);
  if (rows.events.length === 0) return [];
  await db.insert(webhookEvents).values(rows.events);
  // One statement: its rows take their ids in the order given, which keeps each endpoint's order (deliveries are sent by ascending id).
  await db.insert(webhookDeliveries).values(rows.deliveries);
  return rows.events.map((event) => event.id);
}

/** An event of any type. */
export type AnyWebhookEventInput = { [T in WebhookEventType]: WebhookEventInput<T> }[WebhookEventType];

/**
 * The outbox rows of `events`: each event that someone in `listeners` listens to, with a pending delivery per
 * listening configuration, in the events' order (an event nobody wants is not kept). For callers that write them as
 * a part of a statement of their own (a chat turn, chat/service.ts); emitWebhookEvents writes them itself.
 */
export function webhookOutboxRows(
  events: readonly AnyWebhookEventInput[],
  listeners: WebhookListeners,
): { events: { id: string; organizationId: string; type: WebhookEventType; payload: string }[]; deliveries: { eventId: string; configId: string }[] } {
  const rows: ReturnType<typeof webhookOutboxRows> = { events: [], deliveries: [] };
  for (const event of events) {
    const configIds = listeners.get(event.type) ?? [];
    if (configIds.length === 0) continue;
    const id = newWebhookEventId();
    rows.events.push({ id, organizationId: event.organizationId, type: event.type, payload: webhookBody(event.type, event.at ?? new Date(), event.data) });
    rows.deliveries.push(...configIds.map((configId) => ({ eventId: id, configId })));
  }
  return rows;
}

/** One event: see emitWebhookEvents. Returns the event id, or null when nobody listens. */
export async function emitWebhookEvent<T extends WebhookEventType>(db: Db, event: WebhookEventInput<T>, listeners?: WebhookListeners): Promise<string | null> {
  return (await emitWebhookEvents(db, [event], listeners))[0] ?? null;
}

type ChatbotRow = typeof chatbots.$inferSelect;

/** What bot.* events say about a chatbot (no prompt or appearance: a payload stays small). */
export function webhookChatbot(row: ChatbotRow): WebhookChatbot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    modelProvider: row.modelProvider,
    modelName: row.modelName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields of a chatbot patch that really changed, for bot.updated. */
export function changedChatbotFields(before: ChatbotRow, after: ChatbotRow): string[] {
  return (Object.keys(after) as (keyof ChatbotRow)[]).filter(
    (field) => field !== 'updatedAt' && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
  );
}

type SourceRow = typeof knowledgeSources.$inferSelect;

/** document.processed: the source that became ready (its text chunked and searchable). */
export function documentProcessedData(row: SourceRow): WebhookEventData['document.processed'] {
  return {
    organizationId: row.organizationId,
    chatbotId: row.chatbotId,
    document: {
      id: row.id,
      name: row.name,
      kind: row.kind,
      chunkCount: row.chunkCount,
      tokenCount: row.tokenCount,
      processedAt: (row.processedAt ?? row.updatedAt).toISOString(),
    },
  };
}

/** document.failed: the source and the reason the customer sees. */
export function documentFailedData(row: SourceRow): WebhookEventData['document.failed'] {
  return {
    organizationId: row.organizationId,
    chatbotId: row.chatbotId,
    document: { id: row.id, name: row.name, kind: row.kind, error: row.error ?? 'The document could not be processed.' },
  };
}

/** A stored message as message.created describes it. */
export interface CreatedMessage {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  createdAt: Date;
  outcome?: string | null;
  tokens?: number;
}

/** message.created for each message, in the order given (the visitor's question before the bot's answer). */
export async function emitMessagesCreated(
  db: Db,
  chatbot: { id: string; organizationId: string },
  conversationId: string,
  messages: CreatedMessage[],
  listeners?: WebhookListeners,
): Promise<void> {
  await emitWebhookEvents(db, messageCreatedEvents(chatbot, conversationId, messages), listeners);
}

/** The message.created events of `messages` (see emitMessagesCreated). */
export function messageCreatedEvents(
  chatbot: { id: string; organizationId: string },
  conversationId: string,
  messages: CreatedMessage[],
): WebhookEventInput<'message.created'>[] {
  return messages.map((message) => ({
    organizationId: chatbot.organizationId,
    type: 'message.created' as const,
    at: message.createdAt,
    data: {
      organizationId: chatbot.organizationId,
      chatbotId: chatbot.id,
      conversationId,
      message: {
        id: message.id,
        role: message.role,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
        outcome: message.outcome ?? null,
        tokens: message.tokens ?? 0,
      },
    },
  }));
}

/** conversation.started for a new conversation. */
export function conversationStartedEvent(
  chatbot: { id: string; organizationId: string },
  conversation: { id: string; channel: 'widget' | 'test' | 'api'; visitorId: string; startedAt: Date },
): WebhookEventInput<'conversation.started'> {
  return {
    organizationId: chatbot.organizationId,
    type: 'conversation.started',
    at: conversation.startedAt,
    data: {
      organizationId: chatbot.organizationId,
      chatbotId: chatbot.id,
      conversation: { id: conversation.id, channel: conversation.channel, visitorId: conversation.visitorId, startedAt: conversation.startedAt.toISOString() },
    },
  };
}

type HandoffRow = typeof handoffs.$inferSelect;

/** handoff.requested for a handoff that starts waiting. */
export function handoffRequestedEvent(handoff: HandoffRow): WebhookEventInput<'handoff.requested'> {
  return {
    organizationId: handoff.organizationId,
    type: 'handoff.requested',
    at: handoff.requestedAt,
    data: {
      organizationId: handoff.organizationId,
      chatbotId: handoff.chatbotId,
      conversationId: handoff.conversationId,
      handoff: { id: handoff.id, reason: handoff.reason, requestedAt: handoff.requestedAt.toISOString() },
    },
  };
}

/** handoff.closed, and conversation.ended when the agent ended the conversation (not back to the bot). */
export async function emitHandoffClosed(
  db: Db,
  handoff: HandoffRow,
  closed: { outcome: 'bot' | 'ended'; closedAt: Date; closedBy: string | null },
): Promise<void> {
  const base = { organizationId: handoff.organizationId, chatbotId: handoff.chatbotId };
  await emitWebhookEvent(db, {
    organizationId: handoff.organizationId,
    type: 'handoff.closed',
    at: closed.closedAt,
    data: {
      ...base,
      conversationId: handoff.conversationId,
      handoff: { id: handoff.id, outcome: closed.outcome, closedAt: closed.closedAt.toISOString(), closedBy: closed.closedBy },
    },
  });
  if (closed.outcome !== 'ended') return;
  await emitWebhookEvent(db, {
    organizationId: handoff.organizationId,
    type: 'conversation.ended',
    at: closed.closedAt,
    data: { ...base, conversation: { id: handoff.conversationId, endedAt: closed.closedAt.toISOString(), endedBy: closed.closedBy, handoffId: handoff.id } },
  });
}
