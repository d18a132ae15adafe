import { createHash } from 'node:crypto';
import {
  HANDOFF_PHRASES,
  HANDOFF_TEXT,
  type HandoffCloseOutcome,
  type HandoffMessage,
  type HandoffReason,
  type HandoffStatus,
  type HandoffSummary,
  type VisitorContact,
  type VisitorConversationState,
} from '@parley/shared/contracts/handoffs';
import { and, asc, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { chatbots, conversations, handoffs, messages, organizationAlerts, organizationMembers, userNotifications, users } from '../../db/schema/index';
import type { JobQueue, TransactionSend } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Realtime } from '../../lib/realtime';
import { addChatStats } from '../analytics/index';
import { conversationActionCalls } from './action-calls';
import { currentPeriod, organizationTier, periodOf, UNLIMITED } from '../usage/index';
import { emitHandoffClosed, emitMessagesCreated, emitWebhookEvent, handoffRequestedEvent } from '../webhooks/index';

type ChatbotRow = typeof chatbots.$inferSelect;
type HandoffRow = typeof handoffs.$inferSelect;

export interface HandoffDeps {
  db: Db;
  realtime: Realtime;
  jobs: JobQueue | null;
  log?: FastifyBaseLogger;
}

export const HANDOFF_ALERT_JOB = 'handoff-alert';
const PREVIEW_CHARS = 140;

/** Realtime topics: an organization's inbox, and one visitor's conversation. Signals carry ids only. */
export const organizationTopic = (organizationId: string) => `org:${organizationId}`;
export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;
export type OrganizationSignal = { type: 'handoff'; handoffId: string; status: HandoffStatus } | { type: 'message'; handoffId: string; messageId: string };
export type ConversationSignal = { type: 'message'; messageId: string } | { type: 'state' };

const preview = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

/** "Visitor 3F9A": a short, stable label for an anonymous visitor. */
export function visitorLabel(visitorId: string): string {
  return `Visitor ${createHash('sha256').update(visitorId).digest('hex').slice(0, 4).toUpperCase()}`;
}

const normalisedPhrases = HANDOFF_PHRASES.map((p) => ` ${p} `);

/** Does the visitor ask for a person ("Can I talk to a human, please?")? Case and punctuation are ignored. */
export function asksForPerson(message: string): boolean {
  const text = ` ${message
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  return normalisedPhrases.some((phrase) => text.includes(phrase));
}

async function publish(
  deps: HandoffDeps,
  organizationId: string,
  conversationId: string,
  signals: { org?: OrganizationSignal[]; conversation?: ConversationSignal[] },
) {
  try {
    for (const signal of signals.org ?? []) await deps.realtime.publish(organizationTopic(organizationId), signal);
    for (const signal of signals.conversation ?? []) await deps.realtime.publish(conversationTopic(conversationId), signal);
  } catch (error) {
    // The change is stored; streams catch up from the database when they reconnect.
    deps.log?.warn({ err: error }, 'realtime publish failed');
  }
}

export async function findOpenHandoff(db: Db, conversationId: string): Promise<HandoffRow | null> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.conversationId, conversationId), ne(handoffs.status, 'closed')));
  return row ?? null;
}

/** Handoffs requested this calendar month (UTC), against the tier's max_handoffs_per_month. */
export async function handoffUsage(db: Db, organizationId: string) {
  const tier = await organizationTier(db, organizationId);
  const [row] = await db
    .select({ n: count() })
    .from(handoffs)
    .where(and(eq(handoffs.organizationId, organizationId), gte(handoffs.requestedAt, currentPeriod().start)));
  const used = Number(row?.n ?? 0);
  const limit = tier.maxHandoffsPerMonth;
  return { used, limit, isLimitReached: limit !== UNLIMITED && used >= limit, tierName: tier.displayName };
}

/** Tells the organization's owners and admins, once a month, that the handoff limit is reached. */
async function noticeHandoffLimit(db: Db, organizationId: string, usage: { limit: number; tierName: string }) {
  const period = periodOf();
  const inserted = await db
    .insert(organizationAlerts)
    .values({ organizationId, kind: 'handoff_limit', period })
    .onConflictDoNothing()
    .returning({ kind: organizationAlerts.kind });
  if (inserted.length === 0) return;
  const managers = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.role, ['owner', 'admin'])));
  if (managers.length === 0) return;
  await db.insert(userNotifications).values(
    managers.map((m) => ({
      userId: m.userId,
      title: 'Live chat limit reached',
      message: `Your ${usage.tierName} plan includes ${usage.limit} live chats with a person a month, and this month's are used. Visitors who ask for a person are told nobody can take the chat right now. Upgrade your plan to take more.`,
      type: 'warning' as const,
      link: '/dashboard/subscription',
    })),
  );
}

export type HandoffRequestResult =
  | { result: 'requested'; handoff: HandoffRow; text: string }
  | { result: 'already'; handoff: HandoffRow; text: string }
  | { result: 'limit'; text: string }
  | { result: 'disabled'; text: string };

/**
 * A visitor asks for a person. Under one lock per organization (so concurrent requests cannot
 * pass the monthly limit together): an open handoff is reused; past the tier's limit the visitor
 * is told and the owners notified once a month; otherwise the conversation starts waiting.
 * `announce` writes the waiting line into the conversation (the phrase path writes it as the bot's reply).
 */
export async function requestHandoff(
  deps: HandoffDeps,
  input: { chatbot: ChatbotRow; conversationId: string; reason: HandoffReason; countsInStats: boolean; announce: boolean; at?: Date },
): Promise<HandoffRequestResult> {
  const { chatbot, conversationId } = input;
  if (!chatbot.handoffEnabled) return { result: 'disabled', text: HANDOFF_TEXT.disabled };
  const at = input.at ?? new Date();
  // The alert job, when the chatbot asks for one, is stored in the handoff's transaction (decisions/0026-background-jobs.md).
  const alertMinutes = chatbot.handoffAlertMinutes ?? 0;
  const alerts = alertMinutes > 0 ? deps.jobs : null;
  const inTransaction = <R>(write: (tx: Db, send: TransactionSend | null) => Promise<R>) =>
    alerts ? alerts.transaction(deps.db, [HANDOFF_ALERT_JOB], write) : deps.db.transaction((tx) => write(tx, null));
  const outcome = await inTransaction(async (tx, send): Promise<HandoffRequestResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`handoff:${chatbot.organizationId}`}))`);
    const existing = await findOpenHandoff(tx, conversationId);
    if (existing) return { result: 'already', handoff: existing, text: HANDOFF_TEXT.alreadyWaiting };
    const usage = await handoffUsage(tx, chatbot.organizationId);
    if (usage.isLimitReached) {
      await noticeHandoffLimit(tx, chatbot.organizationId, usage);
      return { result: 'limit', text: HANDOFF_TEXT.unavailable };
    }
    const [handoff] = await tx
      .insert(handoffs)
      .values({
        organizationId: chatbot.organizationId,
        chatbotId: chatbot.id,
        conversationId,
        reason: input.reason,
        requestedAt: at,
        lastMessageAt: at,
        lastMessagePreview: preview(await lastVisitorText(tx, conversationId)),
        unreadCount: 1,
      })
      .returning();
    if (input.announce) {
      await tx.insert(messages).values({ conversationId, role: 'system', content: HANDOFF_TEXT.waiting, createdAt: at });
      await tx
        .update(conversations)
        .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: at })
        .where(eq(conversations.id, conversationId));
    }
    await emitWebhookEvent(tx, handoffRequestedEvent(handoff!));
    if (send) await send(HANDOFF_ALERT_JOB, { handoffId: handoff!.id }, { startAfter: alertMinutes * 60, singletonKey: handoff!.id });
    // Last: the chatbot's row for this hour stays locked until the commit (see recordTurnStats).
    if (input.countsInStats) await addChatStats(tx, { chatbotId: chatbot.id, organizationId: chatbot.organizationId, at, handoffs: 1 });
    return { result: 'requested', handoff: handoff!, text: HANDOFF_TEXT.waiting };
  });
  if (outcome.result === 'requested') {
    await publish(deps, chatbot.organizationId, conversationId, {
      org: [{ type: 'handoff', handoffId: outcome.handoff.id, status: 'waiting' }],
      conversation: [{ type: 'state' }],
    });
  }
  return outcome;
}

async function lastVisitorText(db: Db, conversationId: string): Promise<string> {
  const [row] = await db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.content ?? 'The visitor asked for a person.';
}

/** A visitor's message while a person is (or will be) answering: it goes to the inbox, not to the bot. */
export async function recordVisitorMessage(deps: HandoffDeps, input: { handoff: HandoffRow; content: string; at: Date }): Promise<{ messageId: string }> {
  const { handoff } = input;
  const messageId = await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: handoff.conversationId, role: 'user', content: input.content, createdAt: input.at })
      .returning({ id: messages.id });
    await tx
      .update(handoffs)
      .set({ unreadCount: sql`${handoffs.unreadCount} + 1`, lastMessageAt: input.at, lastMessagePreview: preview(input.content) })
      .where(eq(handoffs.id, handoff.id));
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: input.at })
      .where(eq(conversations.id, handoff.conversationId));
    await emitMessagesCreated(tx, { id: handoff.chatbotId, organizationId: handoff.organizationId }, handoff.conversationId, [
      { id: message!.id, role: 'user', content: input.content, createdAt: input.at },
    ]);
    return message!.id;
  });
  await publish(deps, handoff.organizationId, handoff.conversationId, { org: [{ type: 'message', handoffId: handoff.id, messageId }] });
  return { messageId };
}

const acceptedByUser = alias(users, 'accepted_by_user');

function toSummary(row: {
  handoff: HandoffRow;
  chatbotName: string;
  visitorId: string;
  acceptedByFirstName: string | null;
  acceptedByName: string | null;
}): HandoffSummary {
  const { handoff } = row;
  return {
    id: handoff.id,
    conversationId: handoff.conversationId,
    chatbotId: handoff.chatbotId,
    chatbotName: row.chatbotName,
    visitorLabel: visitorLabel(row.visitorId),
    status: handoff.status,
    reason: handoff.reason,
    requestedAt: handoff.requestedAt.toISOString(),
    acceptedAt: handoff.acceptedAt?.toISOString() ?? null,
    acceptedByName: row.acceptedByFirstName || row.acceptedByName || null,
    closedAt: handoff.closedAt?.toISOString() ?? null,
    closeOutcome: handoff.closeOutcome,
    unreadCount: handoff.unreadCount,
    lastMessageAt: handoff.lastMessageAt.toISOString(),
    lastMessagePreview: handoff.lastMessagePreview,
  };
}

const summaryColumns = {
  handoff: handoffs,
  chatbotName: chatbots.name,
  visitorId: conversations.visitorId,
  acceptedByFirstName: acceptedByUser.firstName,
  acceptedByName: acceptedByUser.name,
};

function summaryQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(handoffs)
    .innerJoin(chatbots, eq(chatbots.id, handoffs.chatbotId))
    .innerJoin(conversations, eq(conversations.id, handoffs.conversationId))
    .leftJoin(acceptedByUser, eq(acceptedByUser.id, handoffs.acceptedBy));
}

/** The inbox: open handoffs (waiting and active, the longest wait first) or closed ones (newest first), paginated. */
export async function listHandoffs(db: Db, organizationId: string, query: { status: 'open' | 'closed'; page: number; pageSize: number }) {
  const isOpen = query.status === 'open';
  const where = and(eq(handoffs.organizationId, organizationId), isOpen ? ne(handoffs.status, 'closed') : eq(handoffs.status, 'closed'));
  const [rows, [total], [unread], usage] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(isOpen ? asc(handoffs.requestedAt) : desc(handoffs.closedAt), desc(handoffs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(handoffs).where(where),
    db
      .select({ n: sql<number>`coalesce(sum(${handoffs.unreadCount}), 0)` })
      .from(handoffs)
      .where(and(eq(handoffs.organizationId, organizationId), ne(handoffs.status, 'closed'))),
    handoffUsage(db, organizationId),
  ]);
  return {
    items: rows.map(toSummary),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    unreadTotal: Number(unread?.n ?? 0),
    usage: { used: usage.used, limit: usage.limit, isLimitReached: usage.isLimitReached },
  };
}

async function summaryOf(db: Db, handoffId: string): Promise<HandoffSummary> {
  const [row] = await summaryQuery(db).where(eq(handoffs.id, handoffId));
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return toSummary(row);
}

/** A handoff of the organization the request acts in; anything else is "not found". */
export async function findHandoff(db: Db, organizationId: string, handoffId: string): Promise<HandoffRow> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.id, handoffId), eq(handoffs.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return row;
}

const messageColumns = {
  id: messages.id,
  role: messages.role,
  content: messages.content,
  createdAt: messages.createdAt,
  agentFirstName: users.firstName,
  agentName: users.name,
};

type MessageRow = { id: string; role: HandoffMessage['role']; content: string; createdAt: Date; agentFirstName: string | null; agentName: string | null };
const toHandoffMessage = (row: MessageRow): HandoffMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  authorName: row.role === 'agent' ? row.agentFirstName || row.agentName?.split(' ')[0] || 'Agent' : null,
  createdAt: row.createdAt.toISOString(),
});

/** Messages of a conversation, oldest first; `since` and `roles` narrow them (the visitor's stream). */
export async function conversationTranscript(
  db: Db,
  conversationId: string,
  options: { since?: Date; roles?: HandoffMessage['role'][]; messageId?: string } = {},
): Promise<HandoffMessage[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.agentUserId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        // The bot's placeholder while it is still answering has no content yet.
        ne(messages.content, ''),
        options.since ? gte(messages.createdAt, options.since) : undefined,
        options.roles ? inArray(messages.role, options.roles) : undefined,
        options.messageId ? eq(messages.id, options.messageId) : undefined,
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map(toHandoffMessage);
}

export async function getHandoffDetail(db: Db, organizationId: string, handoffId: string) {
  const handoff = await findHandoff(db, organizationId, handoffId);
  return {
    handoff: await summaryOf(db, handoff.id),
    messages: await conversationTranscript(db, handoff.conversationId),
    actionCalls: await conversationActionCalls(db, handoff.conversationId),
    contact: await conversationContact(db, handoff.conversationId),
  };
}

/** The contact details the visitor gave the chatbot's contact action, for the inbox (decisions/0049-built-in-actions.md). */
async function conversationContact(db: Db, conversationId: string): Promise<VisitorContact | null> {
  const [row] = await db
    .select({ name: conversations.contactName, email: conversations.contactEmail, phone: conversations.contactPhone, at: conversations.contactCollectedAt })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!row?.at) return null;
  return { name: row.name, email: row.email, phone: row.phone, collectedAt: row.at.toISOString() };
}

export async function markHandoffRead(deps: HandoffDeps, organizationId: string, handoffId: string): Promise<void> {
  const handoff = await findHandoff(deps.db, organizationId, handoffId);
  if (handoff.unreadCount === 0) return;
  await deps.db.update(handoffs).set({ unreadCount: 0 }).where(eq(handoffs.id, handoff.id));
  await publish(deps, handoff.organizationId, handoff.conversationId, { org: [{ type: 'handoff', handoffId: handoff.id, status: handoff.status }] });
}

async function agentName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, name: users.name }).from(users).where(eq(users.id, userId));
  return row?.firstName || row?.name?.split(' ')[0] || 'Someone from the team';
}

/**
 * An agent answers. The first reply to a waiting handoff makes it active and tells the visitor
 * who joined; replying also marks the visitor's messages read.
 */
export async function sendAgentReply(
  deps: HandoffDeps,
  input: { organizationId: string; userId: string; handoffId: string; content: string },
): Promise<HandoffMessage> {
  const found = await findHandoff(deps.db, input.organizationId, input.handoffId);
  const name = await agentName(deps.db, input.userId);
  const result = await deps.db.transaction(async (tx) => {
    const [handoff] = await tx.select().from(handoffs).where(eq(handoffs.id, found.id)).for('update');
    if (!handoff || handoff.status === 'closed') throw new AppError('CONFLICT', 'This conversation is closed.');
    const now = new Date();
    const joined = handoff.status === 'waiting';
    const [joinedLine] = joined
      ? await tx
          .insert(messages)
          .values({ conversationId: handoff.conversationId, role: 'system', content: HANDOFF_TEXT.joined(name), createdAt: now })
          .returning({ id: messages.id })
      : [];
    const sentAt = new Date(now.getTime() + 1);
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: handoff.conversationId, role: 'agent', content: input.content, agentUserId: input.userId, createdAt: sentAt })
      .returning({ id: messages.id });
    await tx
      .update(handoffs)
      .set({
        status: 'active',
        ...(joined ? { acceptedAt: now, acceptedBy: input.userId } : {}),
        unreadCount: 0,
        lastMessageAt: sentAt,
        lastMessagePreview: preview(input.content),
      })
      .where(eq(handoffs.id, handoff.id));
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + ${joined ? 2 : 1}`, lastMessageAt: sentAt })
      .where(eq(conversations.id, handoff.conversationId));
    await emitMessagesCreated(tx, { id: handoff.chatbotId, organizationId: handoff.organizationId }, handoff.conversationId, [
      { id: message!.id, role: 'agent', content: input.content, createdAt: sentAt },
    ]);
    return { handoff, messageId: message!.id, joinedLineId: joinedLine?.id ?? null };
  });
  const messageIds = [result.joinedLineId, result.messageId].filter((id): id is string => id !== null);
  await publish(deps, found.organizationId, found.conversationId, {
    org: [
      ...(result.joinedLineId ? [{ type: 'handoff' as const, handoffId: found.id, status: 'active' as const }] : []),
      ...messageIds.map((messageId) => ({ type: 'message' as const, handoffId: found.id, messageId })),
    ],
    conversation: [...(result.joinedLineId ? [{ type: 'state' as const }] : []), ...messageIds.map((messageId) => ({ type: 'message' as const, messageId }))],
  });
  const [message] = await conversationTranscript(deps.db, found.conversationId, { messageId: result.messageId });
  return message!;
}

/** Closes a handoff: back to the bot, or the conversation ends (the visitor's next message starts a new one). */
export async function closeHandoff(
  deps: HandoffDeps,
  input: { organizationId: string; userId: string; handoffId: string; outcome: HandoffCloseOutcome },
): Promise<HandoffSummary> {
  const found = await findHandoff(deps.db, input.organizationId, input.handoffId);
  const lineId = await deps.db.transaction(async (tx) => {
    const [handoff] = await tx.select().from(handoffs).where(eq(handoffs.id, found.id)).for('update');
    if (!handoff || handoff.status === 'closed') throw new AppError('CONFLICT', 'This conversation is already closed.');
    const now = new Date();
    await tx
      .update(handoffs)
      .set({ status: 'closed', closedAt: now, closedBy: input.userId, closeOutcome: input.outcome, unreadCount: 0 })
      .where(eq(handoffs.id, handoff.id));
    const [line] = await tx
      .insert(messages)
      .values({
        conversationId: handoff.conversationId,
        role: 'system',
        content: input.outcome === 'ended' ? HANDOFF_TEXT.ended : HANDOFF_TEXT.backToBot,
        createdAt: now,
      })
      .returning({ id: messages.id });
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: now, ...(input.outcome === 'ended' ? { endedAt: now } : {}) })
      .where(eq(conversations.id, handoff.conversationId));
    await emitHandoffClosed(tx, handoff, { outcome: input.outcome, closedAt: now, closedBy: input.userId });
    return line!.id;
  });
  // The status line before the state: a widget that stops following on "back to the bot" has shown it by then.
  await publish(deps, found.organizationId, found.conversationId, {
    org: [
      { type: 'handoff', handoffId: found.id, status: 'closed' },
      { type: 'message', handoffId: found.id, messageId: lineId },
    ],
    conversation: [{ type: 'message', messageId: lineId }, { type: 'state' }],
  });
  return summaryOf(deps.db, found.id);
}

/** Where a visitor's conversation stands: with the bot, waiting for or talking to a person, or ended. */
export async function visitorConversationState(db: Db, conversation: { id: string; endedAt: Date | null }): Promise<VisitorConversationState> {
  if (conversation.endedAt) return { conversationId: conversation.id, mode: 'ended', agentName: null };
  const open = await findOpenHandoff(db, conversation.id);
  if (!open) return { conversationId: conversation.id, mode: 'bot', agentName: null };
  return {
    conversationId: conversation.id,
    mode: open.status === 'active' ? 'active' : 'waiting',
    agentName: open.acceptedBy ? await agentName(db, open.acceptedBy) : null,
  };
}

/** The visitor's conversation with this chatbot, or "not found" (visitors know their own conversations only). */
export async function findVisitorConversation(db: Db, chatbotId: string, conversationId: string, visitorId: string) {
  const [row] = await db
    .select({ id: conversations.id, endedAt: conversations.endedAt, channel: conversations.channel })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.chatbotId, chatbotId), eq(conversations.visitorId, visitorId)));
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return row;
}
