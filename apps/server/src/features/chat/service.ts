import { randomUUID } from 'node:crypto';
import type { ChatStreamEvent, Citation } from '@parley/shared/contracts/chatbots';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { conversations, messages, type chatbots, type MESSAGE_OUTCOMES } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { meterTokens } from '../usage/metering';
import { noticeUsageThresholds } from '../usage/thresholds';
import type { Realtime } from '../../lib/realtime';
import { answerProviderFor, embedderFor } from '../../providers/ai/models';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { citationsUsedIn } from '../../rag/answerers/prompt';
import { answerBuiltIn, passagesAnswer, sentenceModel } from '../../rag/answerers/by-meaning';
import { combineWithPrevious, isFollowUp } from '../../rag/answerers/follow-up';
import { rewriteFollowUp, streamLlmAnswer, type LlmProviderConfig, type LlmUsage } from '../../rag/answerers/llm';
import { questionKey } from '../analytics/question-key';
import { noteAnswerUsage } from '../api-usage/request-usage';
import { addChatStats, addQuestionStats, hourOf } from '../analytics/stats';
import { asksForPerson, findOpenHandoff, recordVisitorMessage, requestHandoff } from '../handoffs/service';
import type { TokenMeter } from '../token-conversion/meter';
import { tokenAllowance, type TokenAllowance } from '../usage/service';
import { conversationStartedEvent, emitMessagesCreated, emitWebhookEvent, webhookListeners } from '../webhooks/events';
import { upstreamProviderError } from '../../rag/upstream-error';
import { retrievePassages, type Passage } from './retrieval';

type ChatbotRow = typeof chatbots.$inferSelect;
type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

/** What answering needs from the running server (chatDeps(app) builds it). */
export interface ChatDeps {
  database: Database;
  db: Db;
  config: Config;
  realtime: Realtime;
  jobs: JobQueue | null;
  log?: FastifyBaseLogger;
  /** Meters messages by the admin's token conversion rules (features/token-conversion). */
  meter: TokenMeter;
}
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

/** The visitor's conversation, or a new one (none given, not theirs, or ended by an agent). */
async function openConversation(deps: ChatDeps, request: ChatRequest, at: Date): Promise<string> {
  const { db } = deps.database;
  if (request.conversationId) {
    const [existing] = await db
      .select({ id: conversations.id, endedAt: conversations.endedAt })
      .from(conversations)
      .where(
        and(eq(conversations.id, request.conversationId), eq(conversations.chatbotId, request.chatbot.id), eq(conversations.visitorId, request.visitorId)),
      );
    if (existing && !existing.endedAt) return existing.id;
  }
  const { chatbot } = request;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({
        chatbotId: chatbot.id,
        organizationId: chatbot.organizationId,
        visitorId: request.visitorId,
        channel: request.channel,
        startedAt: at,
        lastMessageAt: at,
      })
      .returning({ id: conversations.id });
    await emitWebhookEvent(tx, conversationStartedEvent(chatbot, { id: created!.id, channel: request.channel, visitorId: request.visitorId, startedAt: at }));
    // Last: the chatbot's row for this hour stays locked until the commit (see recordTurnStats).
    if (countsInAnalytics(request)) await addChatStats(tx, { chatbotId: chatbot.id, organizationId: chatbot.organizationId, at, conversations: 1 });
    return created!.id;
  });
}

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
  conversationId: string;
  userMessage: { id: string; at: Date; tokens: number; questionKey: string | null };
  answer: { id: string; at: Date; tokens: number; outcome: MessageOutcome; latencyMs?: number };
}

/**
 * The rollup rows for one finished turn: the question's hour and day, the answer's hour (see rebuild.ts). Every turn
 * of the chatbot this hour adds to one chat_stats_hourly row, locked until the transaction commits, so callers make
 * this the transaction's last statement and the row goes last here: concurrent answers wait for each other's commit
 * only, not for their other statements' round trips.
 */
async function recordTurnStats(db: Db, request: ChatRequest, turn: TurnRecord, question: string): Promise<void> {
  if (!countsInAnalytics(request)) return;
  const { chatbot } = request;
  const ids = { chatbotId: chatbot.id, organizationId: chatbot.organizationId };
  if (turn.userMessage.questionKey) {
    await addQuestionStats(db, {
      ...ids,
      at: turn.userMessage.at,
      questionKey: turn.userMessage.questionKey,
      question,
      answered: turn.answer.outcome === 'answered',
    });
  }
  const answerRow = { ...ids, at: turn.answer.at, tokens: turn.answer.tokens, ...turnStats(turn.answer.outcome, turn.answer.latencyMs) };
  if (hourOf(turn.userMessage.at).getTime() === hourOf(turn.answer.at).getTime()) {
    await addChatStats(db, { ...answerRow, tokens: turn.answer.tokens + turn.userMessage.tokens });
  } else {
    await addChatStats(db, { ...ids, at: turn.userMessage.at, tokens: turn.userMessage.tokens });
    await addChatStats(db, answerRow);
  }
}

/** Stores the bot's reply that is not an answer (the limit, a handoff) and its turn's figures. */
async function finishWithoutAnswer(
  deps: ChatDeps,
  request: ChatRequest,
  turn: { conversationId: string; userMessage: TurnRecord['userMessage'] },
  reply: { text: string; outcome: MessageOutcome },
): Promise<string> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const at = new Date();
    const [answer] = await tx
      .insert(messages)
      .values({ conversationId: turn.conversationId, role: 'assistant', content: reply.text, isAnswered: false, outcome: reply.outcome, createdAt: at })
      .returning({ id: messages.id });
    await tx.update(messages).set({ isAnswered: false }).where(eq(messages.id, turn.userMessage.id));
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 2`, lastMessageAt: at })
      .where(eq(conversations.id, turn.conversationId));
    await emitMessagesCreated(tx, request.chatbot, turn.conversationId, [
      { id: turn.userMessage.id, role: 'user', content: request.message, createdAt: turn.userMessage.at },
      { id: answer!.id, role: 'assistant', content: reply.text, createdAt: at, outcome: reply.outcome },
    ]);
    await recordTurnStats(tx, request, { ...turn, answer: { id: answer!.id, at, tokens: 0, outcome: reply.outcome } }, request.message);
    return answer!.id;
  });
}

/**
 * One visitor message → one grounded answer: retrieve from this chatbot's chunks only,
 * answer (streamed), store both messages with sources, tokens, latency and outcome, meter
 * the tokens in the usage ledger, and count the turn in the analytics rollup — or, when a
 * person is (being) asked for, route the message to the organization's inbox instead.
 */
export async function answerChatMessage(deps: ChatDeps, request: ChatRequest): Promise<void> {
  const started = performance.now();
  const { db } = deps.database;
  const { chatbot } = request;
  const userAt = new Date();
  const conversationId = await openConversation(deps, request, userAt);

  // A person is answering (or about to): the visitor's message goes to the inbox, not to the bot.
  if (request.channel === 'widget') {
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
    (
      await db
        .select({ role: messages.role, content: messages.content, outcome: messages.outcome })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), inArray(messages.role, ['user', 'assistant'])))
        .orderBy(desc(messages.createdAt))
        .limit(HISTORY_TURNS)
    ).reverse()
  ).map((turn) => ({
    role: turn.role as 'user' | 'assistant',
    content: turn.content,
    // Failed and empty answers (and their questions) are left out of what the model is shown (modelHistory).
    failed: 'outcome' in turn && turn.outcome === 'error',
  }));
  const wantsPerson = canHandOff(request) && asksForPerson(request.message);
  // Asking for a person is not a question about the documents: it is left out of the top questions.
  const key = countsInAnalytics(request) && !wantsPerson ? questionKey(request.message) : null;
  const [userMessage] = await db
    .insert(messages)
    .values({ conversationId, role: 'user', content: request.message, tokens: 0, questionKey: key, createdAt: userAt })
    .returning({ id: messages.id });
  const userTurn = { id: userMessage!.id, at: userAt, tokens: 0, questionKey: key };

  if (wantsPerson) {
    const handoff = await requestHandoff(deps, {
      chatbot,
      conversationId,
      reason: 'phrase',
      countsInStats: countsInAnalytics(request),
      announce: false,
      at: userAt,
    });
    const isWaiting = handoff.result === 'requested' || handoff.result === 'already';
    const replyId = await finishWithoutAnswer(
      deps,
      request,
      { conversationId, userMessage: userTurn },
      { text: handoff.text, outcome: isWaiting ? 'handoff' : 'declined' },
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
  const allowance = request.allowance ?? (await tokenAllowance(db, chatbot.organizationId));
  if (allowance.isOver) {
    const limitedId = await finishWithoutAnswer(deps, request, { conversationId, userMessage: userTurn }, { text: MONTHLY_LIMIT_TEXT, outcome: 'limited' });
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
    // The sentence-embedding model judges whether the passages answer at all, and picks the sentences (decisions §94).
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
    await db.transaction(async (tx) => {
      await tx.insert(messages).values({
        id: answerId,
        conversationId,
        role: 'assistant',
        content: text,
        tokens: answerTokens,
        latencyMs,
        sources: citations,
        isAnswered: answered,
        outcome,
        createdAt: answerAt,
      });
      await tx.update(messages).set({ tokens: questionTokens, isAnswered: answered }).where(eq(messages.id, userTurn.id));
      // The turn's tokens, and their part past the monthly allowance taken from the token balance, exactly.
      const metered = await meterTokens(tx, {
        organizationId: chatbot.organizationId,
        rows: [
          { chatbotId: chatbot.id, messageId: userTurn.id, tokenType: 'input', tokens: questionTokens },
          { chatbotId: chatbot.id, messageId: answerId, tokenType: 'output', tokens: answerTokens },
        ],
        limit: allowance.limit,
        reference: `overage:message:${answerId}`,
        detail: `Answer of ${chatbot.name}`,
      });
      await tx
        .update(conversations)
        .set({ messageCount: sql`${conversations.messageCount} + 2`, lastMessageAt: new Date() })
        .where(eq(conversations.id, conversationId));
      const listeners = await webhookListeners(tx, chatbot.organizationId, ['message.created', 'usage.threshold_reached']);
      await emitMessagesCreated(
        tx,
        chatbot,
        conversationId,
        [
          { id: userTurn.id, role: 'user', content: request.message, createdAt: userAt, tokens: questionTokens },
          { id: answerId, role: 'assistant', content: text, createdAt: answerAt, outcome, tokens: answerTokens },
        ],
        listeners,
      );
      await noticeUsageThresholds(tx, { jobs: deps.jobs, listeners }, chatbot.organizationId, {
        use: { usedBefore: metered.usedBefore, limit: allowance.limit, metered: questionTokens + answerTokens },
      });
      await recordTurnStats(
        tx,
        request,
        {
          conversationId,
          userMessage: { ...userTurn, tokens: questionTokens },
          answer: { id: answerId, at: answerAt, tokens: answerTokens, outcome, latencyMs },
        },
        request.message,
      );
    });
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
    // The turn is kept as an error (with what was streamed, if anything), unmetered, and counted.
    await db
      .transaction(async (tx) => {
        await tx
          .insert(messages)
          .values({ id: answerId, conversationId, role: 'assistant', content: text, outcome: 'error', isAnswered: false, createdAt: answerAt });
        await tx.update(messages).set({ isAnswered: false }).where(eq(messages.id, userTurn.id));
        await tx
          .update(conversations)
          .set({ messageCount: sql`${conversations.messageCount} + 2`, lastMessageAt: new Date() })
          .where(eq(conversations.id, conversationId));
        await recordTurnStats(
          tx,
          request,
          { conversationId, userMessage: userTurn, answer: { id: answerId, at: answerAt, tokens: 0, outcome: 'error' } },
          request.message,
        );
      })
      .catch(() => {});
    // A model provider's failure is told as the provider's (the OpenAI-compatible API answers it 502), not as ours.
    throw upstreamProviderError(error) ?? error;
  }
}

/** The running app's dependencies for answering (read per request: the job queue starts after the routes). */
export function chatDeps(app: FastifyInstance): ChatDeps {
  return { database: app.database, db: app.db, config: app.config, realtime: app.realtime, jobs: app.jobs, log: app.log, meter: app.tokenMeter };
}
