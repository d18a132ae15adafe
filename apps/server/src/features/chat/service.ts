import { randomUUID } from 'node:crypto';
import type { ChatStreamEvent, Citation } from '@parley/shared/contracts/chat';
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import {
  apiRequests,
  conversations,
  messages,
  usageLedger,
  webhookDeliveries,
  webhookEvents,
  type chatbots,
  type MESSAGE_OUTCOMES,
} from '../../db/schema/index';
import { monthUsageLock, takeFromBalance } from '../../services/token-ledger';
import { pastAllowance, noticeUsageThresholds, tokenAllowance, type TokenAllowance } from '../usage/index';
import { answerProviderFor, embedderFor } from '../../providers/ai/models';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { citationsUsedIn } from '../../rag/answerers/prompt';
import { answerBuiltIn, passagesAnswer, sentenceModel } from '../../rag/answerers/by-meaning';
import { combineWithPrevious, isFollowUp } from '../../rag/answerers/follow-up';
import { rewriteFollowUp, streamLlmAnswer, type LlmProviderConfig, type LlmUsage } from '../../rag/answerers/llm';
import { questionKey, chatStatsUpsert, hourOf, questionStatsUpsert } from '../analytics/index';
import { noteAnswerUsage, requestLogRow } from '../api-usage/index';
import { asksForPerson, findOpenHandoff, recordVisitorMessage, requestHandoff } from '../handoffs/index';
import type { AppServices } from '../../services/app-services';
import {
  conversationStartedEvent,
  emitWebhookEvent,
  messageCreatedEvents,
  webhookListeners,
  webhookOutboxRows,
  type WebhookListeners,
} from '../webhooks/index';
import { upstreamProviderError } from '../../rag/upstream-error';
import { retrievePassages, type Passage } from '../../rag/retrieval';

type ChatbotRow = typeof chatbots.$inferSelect;
type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

const HISTORY_TURNS = 10;
export const MONTHLY_LIMIT_TEXT = 'This assistant has reached its monthly usage limit and cannot answer right now. Please try again later.';

export interface ChatRequest {
  chatbot: ChatbotRow;
  channel: 'widget' | 'test' | 'api';
  visitorId: string;
  conversationId?: string;
  message: string;
  /** Earlier turns sent by the caller (the OpenAI-compatible API is stateless); otherwise the stored ones. */
  history?: { role: 'user' | 'assistant'; content: string }[];
  /** The token limit check the caller made just before (the OpenAI-compatible route answers 429 before it streams). */
  allowance?: TokenAllowance;
  signal?: AbortSignal;
  emit(event: ChatStreamEvent): void;
}

/**
 * The turn's conversation: the visitor's own when they name one that no agent ended, or a new one. A new one is
 * only an id until the turn is stored (storeTurn writes it in the turn's transaction): a first question costs no
 * round trip of its own, and no conversation without messages is left behind.
 */
interface TurnConversation {
  id: string;
  isNew: boolean;
}

async function findConversation(deps: AppServices, request: ChatRequest): Promise<TurnConversation> {
  if (request.conversationId) {
    const [existing] = await deps.database.db
      .select({ id: conversations.id, endedAt: conversations.endedAt })
      .from(conversations)
      .where(
        and(eq(conversations.id, request.conversationId), eq(conversations.chatbotId, request.chatbot.id), eq(conversations.visitorId, request.visitorId)),
      );
    if (existing && !existing.endedAt) return { id: existing.id, isNew: false };
  }
  return { id: randomUUID(), isNew: true };
}

/** Writes a new conversation with its first `messageCount` messages, and announces it (conversation.started). */
async function createConversation(
  tx: Db,
  request: ChatRequest,
  conversation: { id: string; startedAt: Date; lastMessageAt: Date; messageCount: number },
  listeners: WebhookListeners,
): Promise<void> {
  const { chatbot } = request;
  await tx.insert(conversations).values({
    id: conversation.id,
    chatbotId: chatbot.id,
    organizationId: chatbot.organizationId,
    visitorId: request.visitorId,
    channel: request.channel,
    messageCount: conversation.messageCount,
    startedAt: conversation.startedAt,
    lastMessageAt: conversation.lastMessageAt,
  });
  await emitWebhookEvent(
    tx,
    conversationStartedEvent(chatbot, { id: conversation.id, channel: request.channel, visitorId: request.visitorId, startedAt: conversation.startedAt }),
    listeners,
  );
}

/** The webhook subscriptions a turn may emit to, read once for its transaction. */
const TURN_EVENTS = ['conversation.started', 'message.created', 'usage.threshold_reached'] as const;

/** The owner's test chat is left out of the analytics. */
const countsInAnalytics = (request: ChatRequest) => request.channel !== 'test';
/** Only the website widget has a live person to hand over to (the API is stateless, the test chat is the owner). */
const canHandOff = (request: ChatRequest) => request.channel === 'widget' && request.chatbot.handoffEnabled;

/**
 * A citation as stored and sent, numbered by its passage's place among those retrieved: the number the prompt gave
 * the passage (rag/answerers/prompt.ts) and the model cites it by, so "[3]" in an answer is the third source listed.
 */
const toCitation =
  (passages: Passage[]) =>
  (c: { chunkId: string; sourceName: string; excerpt: string }): Citation => {
    const index = passages.findIndex((p) => p.chunkId === c.chunkId);
    return {
      chunkId: c.chunkId,
      sourceId: passages[index]?.sourceId ?? c.chunkId,
      sourceName: c.sourceName,
      excerpt: c.excerpt,
      ...(index >= 0 ? { number: index + 1 } : {}),
    };
  };

/** How a bot turn ended, as the rollup counts it (see features/analytics/rebuild.ts). */
function turnStats(outcome: MessageOutcome, latencyMs: number | undefined) {
  return {
    questions: 1,
    answered: outcome === 'answered' ? 1 : 0,
    declined: outcome === 'declined' || outcome === 'limited' ? 1 : 0,
    errors: outcome === 'error' ? 1 : 0,
    latencyMs: outcome === 'answered' || outcome === 'declined' ? latencyMs : undefined,
  };
}

interface TurnRecord {
  conversation: TurnConversation;
  userMessage: { id: string; at: Date; tokens: number; questionKey: string | null };
  answer: { id: string; at: Date; tokens: number; outcome: MessageOutcome; latencyMs?: number };
}

/**
 * The rollup rows for one finished turn: the question's hour (with the conversation it started) and day, the
 * answer's hour (see rebuild.ts); none for the owner's test chat. Every turn of the chatbot this hour adds to one
 * chat_stats_hourly row, locked until the transaction commits: storeTurn commits right after writing them.
 */
function turnStatsUpserts(db: Db, request: ChatRequest, turn: TurnRecord, question: string): SQLWrapper[] {
  if (!countsInAnalytics(request)) return [];
  const { chatbot } = request;
  const ids = { chatbotId: chatbot.id, organizationId: chatbot.organizationId };
  const upserts: SQLWrapper[] = [];
  if (turn.userMessage.questionKey) {
    upserts.push(
      questionStatsUpsert(db, {
        ...ids,
        at: turn.userMessage.at,
        questionKey: turn.userMessage.questionKey,
        question,
        answered: turn.answer.outcome === 'answered',
      }),
    );
  }
  const started = turn.conversation.isNew ? 1 : 0;
  const answerRow = { ...ids, at: turn.answer.at, tokens: turn.answer.tokens, ...turnStats(turn.answer.outcome, turn.answer.latencyMs) };
  if (hourOf(turn.userMessage.at).getTime() === hourOf(turn.answer.at).getTime()) {
    upserts.push(chatStatsUpsert(db, { ...answerRow, conversations: started, tokens: turn.answer.tokens + turn.userMessage.tokens }));
  } else {
    upserts.push(chatStatsUpsert(db, { ...ids, at: turn.userMessage.at, conversations: started, tokens: turn.userMessage.tokens }));
    upserts.push(chatStatsUpsert(db, answerRow));
  }
  return upserts;
}

/** The bot's side of a turn as stored: an answer, a decline, the limit's message, a handoff line or an error. */
interface TurnReply {
  id: string;
  at: Date;
  text: string;
  outcome: MessageOutcome;
  tokens?: number;
  latencyMs?: number;
  sources?: Citation[];
}

/** What a metered turn charges: the question's and the answer's tokens, against the month's allowance. */
interface TurnMetering {
  limit: number;
  /** Written once: the overage row's reference (see takeFromBalance). */
  reference: string;
  detail: string;
}

/**
 * Writes one turn in one transaction, its rows in ONE statement (data-modifying CTEs: one round trip where there
 * were a dozen, decisions/0040-chat-turn-read-cache-and-writes.md): the conversation when it is new (or its count), the visitor's message unless it was
 * stored before (`questionStored`: a handoff was asked for), the reply, the usage rows with the month's counter
 * locked (`metering`), and the rollups. What only some turns need follows in the same transaction: the part past the
 * monthly allowance taken from the token balance, the usage e-mails and webhooks at a threshold, and the webhook
 * events when someone listens. All or nothing: a turn is never half stored, whatever stops the process.
 */
async function storeTurn(
  deps: AppServices,
  request: ChatRequest,
  turn: { conversation: TurnConversation; userMessage: TurnRecord['userMessage']; questionStored?: boolean },
  reply: TurnReply,
  metering?: TurnMetering,
): Promise<void> {
  const { chatbot } = request;
  const { conversation, userMessage } = turn;
  const answered = reply.outcome === 'answered';
  const tokens = { question: userMessage.tokens, answer: reply.tokens ?? 0 };
  const requestLog = request.channel !== 'test' && reply.outcome !== 'error' ? requestLogRow(200) : null;
  await deps.database.db.transaction(async (tx) => {
    // The turn writes no webhook configuration, so the cached subscriptions hold inside its transaction.
    const listeners = await webhookListeners(tx, chatbot.organizationId, TURN_EVENTS, deps.readCache);
    const lastMessageAt = new Date();
    const creates = conversation.isNew && !turn.questionStored;
    const parts: [string, SQLWrapper][] = [];
    parts.push([
      'conversation',
      creates
        ? tx.insert(conversations).values({
            id: conversation.id,
            chatbotId: chatbot.id,
            organizationId: chatbot.organizationId,
            visitorId: request.visitorId,
            channel: request.channel,
            messageCount: 2,
            startedAt: userMessage.at,
            lastMessageAt,
          })
        : tx
            .update(conversations)
            .set({ messageCount: sql`${conversations.messageCount} + ${turn.questionStored ? 1 : 2}`, lastMessageAt })
            .where(eq(conversations.id, conversation.id)),
    ]);
    const answer = {
      id: reply.id,
      conversationId: conversation.id,
      role: 'assistant' as const,
      content: reply.text,
      tokens: tokens.answer,
      ...(reply.latencyMs !== undefined ? { latencyMs: reply.latencyMs } : {}),
      ...(reply.sources ? { sources: reply.sources } : {}),
      isAnswered: answered,
      outcome: reply.outcome,
      createdAt: reply.at,
    };
    if (turn.questionStored) {
      parts.push(['answer', tx.insert(messages).values(answer)]);
      parts.push(['question', tx.update(messages).set({ tokens: tokens.question, isAnswered: answered }).where(eq(messages.id, userMessage.id))]);
    } else {
      const question = {
        id: userMessage.id,
        conversationId: conversation.id,
        role: 'user' as const,
        content: request.message,
        tokens: tokens.question,
        isAnswered: answered,
        questionKey: userMessage.questionKey,
        createdAt: userMessage.at,
      };
      parts.push(['messages', tx.insert(messages).values([question, answer])]);
    }
    if (metering) {
      // The counter is locked (and read) before the usage rows' trigger adds to it, at the end of the statement.
      parts.push(['month', monthUsageLock(tx, chatbot.organizationId)]);
      parts.push([
        'usage',
        tx.insert(usageLedger).values([
          { organizationId: chatbot.organizationId, chatbotId: chatbot.id, messageId: userMessage.id, tokenType: 'input', tokens: tokens.question },
          { organizationId: chatbot.organizationId, chatbotId: chatbot.id, messageId: reply.id, tokenType: 'output', tokens: tokens.answer },
        ]),
      ]);
    }
    // The outbox: its events and their deliveries, when someone listens (conversation.started before message.created).
    const outbox = webhookOutboxRows(
      [
        ...(creates
          ? [conversationStartedEvent(chatbot, { id: conversation.id, channel: request.channel, visitorId: request.visitorId, startedAt: userMessage.at })]
          : []),
        ...(reply.outcome === 'error'
          ? []
          : messageCreatedEvents(chatbot, conversation.id, [
              { id: userMessage.id, role: 'user', content: request.message, createdAt: userMessage.at, tokens: tokens.question },
              { id: reply.id, role: 'assistant', content: reply.text, createdAt: reply.at, outcome: reply.outcome, tokens: tokens.answer },
            ])),
      ],
      listeners,
    );
    if (outbox.events.length > 0) {
      parts.push(['webhook_events', tx.insert(webhookEvents).values(outbox.events)]);
      // Their ids follow the rows' order, and each endpoint is sent its deliveries by ascending id.
      parts.push(['webhook_deliveries', tx.insert(webhookDeliveries).values(outbox.deliveries)]);
    }
    // The request's log row (widget and API), as durable as the turn; the test chat's and a failed turn's are the recorder's.
    if (requestLog) parts.push(['request_log', tx.insert(apiRequests).values(requestLog.row)]);
    // The rollups last: their rows stay locked until the commit (at once, unless the turn crossed the allowance).
    const stats = turnStatsUpserts(tx, request, { conversation, userMessage, answer: { ...reply, tokens: tokens.answer } }, request.message);
    stats.forEach((upsert, i) => parts.push([`stats_${i}`, upsert]));
    const result = await tx.execute(
      sql`WITH ${sql.join(
        // Drizzle writes an embedded statement in parentheses, as a CTE's body must be.
        parts.map(([name, part]) => sql`${sql.identifier(name)} AS ${part}`),
        sql`, `,
      )} SELECT ${metering ? sql`(SELECT ${sql.identifier('tokens')} FROM ${sql.identifier('month')})` : sql`NULL`} AS used_before`,
    );

    if (metering) {
      // The turn's part past the monthly allowance, taken from the token balance under the counter's lock, exactly.
      const usedBefore = Number(rowsOf<{ used_before: string | number | null }>(result)[0]?.used_before ?? 0);
      const metered = tokens.question + tokens.answer;
      await takeFromBalance(tx, {
        organizationId: chatbot.organizationId,
        tokens: pastAllowance(usedBefore, usedBefore + metered, metering.limit),
        reason: 'overage_taken',
        reference: metering.reference,
        detail: metering.detail,
      });
      await noticeUsageThresholds(tx, { jobs: deps.jobs, listeners }, chatbot.organizationId, { use: { usedBefore, limit: metering.limit, metered } });
    }
  });
  requestLog?.markWritten();
}

/**
 * One visitor message → one grounded answer: retrieve from this chatbot's chunks only,
 * answer (streamed), store both messages with sources, tokens, latency and outcome, meter
 * the tokens in the usage ledger, and count the turn in the analytics rollup — or, when a
 * person is (being) asked for, route the message to the organization's inbox instead.
 */
export async function answerChatMessage(deps: AppServices, request: ChatRequest): Promise<void> {
  const started = performance.now();
  const { db } = deps.database;
  const { chatbot } = request;
  const userAt = new Date();
  const conversation = await findConversation(deps, request);
  const conversationId = conversation.id;

  // A person is answering (or about to): the visitor's message goes to the inbox, not to the bot.
  if (request.channel === 'widget' && !conversation.isNew) {
    const open = await findOpenHandoff(db, conversationId);
    if (open) {
      const { messageId } = await recordVisitorMessage(deps, { handoff: open, content: request.message, at: userAt });
      request.emit({ type: 'meta', conversationId, messageId });
      request.emit({ type: 'handoff', mode: open.status === 'active' ? 'active' : 'waiting', text: '' });
      request.emit({ type: 'done', answered: false, citations: [], tokens: 0 });
      return;
    }
  }

  const history = (
    request.history ??
    (conversation.isNew
      ? []
      : (
          await db
            .select({ role: messages.role, content: messages.content, outcome: messages.outcome })
            .from(messages)
            .where(and(eq(messages.conversationId, conversationId), inArray(messages.role, ['user', 'assistant'])))
            .orderBy(desc(messages.createdAt))
            .limit(HISTORY_TURNS)
        ).reverse())
  ).map((turn) => ({
    role: turn.role as 'user' | 'assistant',
    content: turn.content,
    // Failed and empty answers (and their questions) are left out of what the model is shown (modelHistory).
    failed: 'outcome' in turn && turn.outcome === 'error',
  }));
  const wantsPerson = canHandOff(request) && asksForPerson(request.message);
  // Asking for a person is not a question about the documents: it is left out of the top questions.
  const key = countsInAnalytics(request) && !wantsPerson ? questionKey(request.message) : null;
  const userTurn = { id: randomUUID(), at: userAt, tokens: 0, questionKey: key };

  if (wantsPerson) {
    // The handoff is about a stored conversation: the visitor's message is written first, the reply after.
    await db.transaction(async (tx) => {
      if (conversation.isNew) {
        const listeners = await webhookListeners(tx, chatbot.organizationId, TURN_EVENTS, deps.readCache);
        await createConversation(tx, request, { id: conversationId, startedAt: userAt, lastMessageAt: userAt, messageCount: 1 }, listeners);
      } else {
        await tx
          .update(conversations)
          .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: userAt })
          .where(eq(conversations.id, conversationId));
      }
      await tx
        .insert(messages)
        .values({ id: userTurn.id, conversationId, role: 'user', content: request.message, tokens: 0, questionKey: key, createdAt: userAt });
    });
    const handoff = await requestHandoff(deps, {
      chatbot,
      conversationId,
      reason: 'phrase',
      countsInStats: countsInAnalytics(request),
      announce: false,
      at: userAt,
    });
    const isWaiting = handoff.result === 'requested' || handoff.result === 'already';
    const replyId = randomUUID();
    await storeTurn(
      deps,
      request,
      { conversation, userMessage: userTurn, questionStored: true },
      { id: replyId, at: new Date(), text: handoff.text, outcome: isWaiting ? 'handoff' : 'declined' },
    );
    request.emit({ type: 'meta', conversationId, messageId: replyId });
    request.emit({
      type: 'handoff',
      mode: isWaiting ? (handoff.result === 'already' && handoff.handoff.status === 'active' ? 'active' : 'waiting') : 'unavailable',
      text: handoff.text,
    });
    request.emit({ type: 'done', answered: false, citations: [], tokens: 0 });
    return;
  }

  // Over the monthly token limit: a clear message instead of an answer, and nothing more metered.
  const allowance = request.allowance ?? (await tokenAllowance(db, chatbot.organizationId, deps.readCache));
  if (allowance.isOver) {
    const limitedId = randomUUID();
    await storeTurn(deps, request, { conversation, userMessage: userTurn }, { id: limitedId, at: new Date(), text: MONTHLY_LIMIT_TEXT, outcome: 'limited' });
    request.emit({ type: 'meta', conversationId, messageId: limitedId });
    request.emit({ type: 'delta', text: MONTHLY_LIMIT_TEXT });
    request.emit({ type: 'done', answered: false, limited: true, citations: [], tokens: 0 });
    return;
  }

  // The answer is stored when it is complete (or failed), under the id the visitor is told now.
  const answerAt = new Date();
  const answerId = randomUUID();
  request.emit({ type: 'meta', conversationId, messageId: answerId });

  let text = '';
  let stored = false;
  try {
    // A follow-up is read with the question before it (rag/answerers/follow-up.ts).
    const previousQuestion = history.findLast((turn) => turn.role === 'user' && !turn.failed)?.content;
    const followUp = previousQuestion !== undefined && isFollowUp(request.message);
    // Credentials from the system API keys screen (or the environment), one counted use per answer; none: the built-in answerer.
    let provider: LlmProviderConfig | null | undefined = followUp ? await answerProviderFor(deps, chatbot) : undefined;
    const question = !followUp
      ? request.message
      : provider
        ? await rewriteFollowUp({ provider, previousQuestion, followUp: request.message, ...(request.signal ? { signal: request.signal } : {}) }).catch(() =>
            combineWithPrevious(previousQuestion, request.message),
          )
        : combineWithPrevious(previousQuestion, request.message);
    const passages = await retrievePassages(deps.database, {
      chatbotId: chatbot.id,
      question,
      embedder: embedderFor(deps, chatbot),
      topK: chatbot.retrievalTopK,
    });
    let citations: Citation[] = [];
    let answered = false;
    let providerUsage: LlmUsage | null = null;
    if (passages.length > 0 && provider === undefined) provider = await answerProviderFor(deps, chatbot);
    // The sentence-embedding model judges whether the passages answer at all, and picks the sentences (decisions/0011-answers.md).
    const sentences = await sentenceModel();
    const relevant = provider ? await passagesAnswer(question, passages, sentences, request.signal) : passages.length > 0;
    if (!relevant) {
      text = NO_ANSWER_TEXT;
      request.emit({ type: 'delta', text });
    } else if (!provider) {
      const answer = await answerBuiltIn({
        question,
        ...(followUp ? { followUp: request.message } : {}),
        passages,
        sentences,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      text = answer.text;
      answered = answer.answered;
      citations = answer.citations.map(toCitation(passages));
      request.emit({ type: 'delta', text });
    } else {
      const answer = streamLlmAnswer({
        provider,
        systemPrompt: chatbot.systemPrompt,
        passages,
        history,
        question,
        temperature: chatbot.temperature,
        signal: request.signal,
      });
      for await (const delta of answer.textStream) {
        text += delta;
        request.emit({ type: 'delta', text: delta });
      }
      citations = citationsUsedIn(text, answer.citations).map(toCitation(passages));
      answered = citations.length > 0;
      providerUsage = await answer.usage.catch(() => null);
    }

    const questionTokens = await deps.meter.messageTokens(request.message);
    const answerTokens = await deps.meter.messageTokens(text);
    const latencyMs = Math.round(performance.now() - started);
    const outcome: MessageOutcome = answered ? 'answered' : 'declined';
    // The request's tokens and estimated cost for API usage analytics (cost from the provider's own counts when it gave them).
    noteAnswerUsage({
      chatbotId: chatbot.id,
      visitorId: request.channel === 'widget' ? request.visitorId : null,
      tokens: questionTokens + answerTokens,
      provider: provider?.kind ?? null,
      model: provider?.model ?? null,
      inputTokens: providerUsage?.inputTokens ?? questionTokens,
      outputTokens: providerUsage?.outputTokens ?? answerTokens,
    });
    await storeTurn(
      deps,
      request,
      { conversation, userMessage: { ...userTurn, tokens: questionTokens } },
      { id: answerId, at: answerAt, text, outcome, tokens: answerTokens, latencyMs, sources: citations },
      { limit: allowance.limit, reference: `overage:message:${answerId}`, detail: `Answer of ${chatbot.name}` },
    );
    stored = true;
    request.emit({
      type: 'done',
      answered,
      citations,
      tokens: questionTokens + answerTokens,
      inputTokens: questionTokens,
      outputTokens: answerTokens,
      ...(canHandOff(request) && !answered ? { offerHandoff: true } : {}),
    });
  } catch (error) {
    // The turn is kept as an error (with what was streamed, if anything), unmetered, and counted — unless it was
    // stored already and only telling the visitor failed.
    if (!stored) {
      await storeTurn(deps, request, { conversation, userMessage: userTurn }, { id: answerId, at: answerAt, text, outcome: 'error' }).catch(() => {});
    }
    // A model provider's failure is told as the provider's (the OpenAI-compatible API answers it 502), not as ours.
    throw upstreamProviderError(error) ?? error;
  }
}

/** The running app's dependencies for answering (read per request: the job queue starts after the routes). */
