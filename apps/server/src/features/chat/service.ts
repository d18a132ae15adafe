import { randomUUID } from 'node:crypto';
import type { ChatStreamEvent, Citation } from '@parley/shared/contracts/chat';
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages, type chatbots, type MESSAGE_OUTCOMES } from '../../db/schema/index';
import type { ChatTurn } from '../../services/chat-turns';
import { tokenAllowance, type TokenAllowance } from '../usage/index';
import { answerProviderFor, embedderFor } from '../../providers/ai/models';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { citationsUsedIn } from '../../rag/answerers/prompt';
import { answerBuiltIn, passagesAnswer, sentenceModel } from '../../rag/answerers/by-meaning';
import { combineWithPrevious, isFollowUp } from '../../rag/answerers/follow-up';
import { rewriteFollowUp, streamLlmAnswer, type LlmProviderConfig, type LlmUsage } from '../../rag/answerers/llm';
import { questionKey } from '../analytics/index';
import { ACTION_CALL_TIMEOUT_MS, actionsForTurn, buttonOffersForTurn, type TurnActions } from '../chatbot-actions/index';
import { asksForPerson, findOpenHandoff, recordVisitorMessage, requestHandoff } from '../handoffs/index';
import type { AppServices } from '../../services/app-services';
import { conversationStartedEvent, emitWebhookEvent, webhookListeners, type WebhookListeners } from '../webhooks/index';
import { upstreamProviderError } from '../../rag/upstream-error';
import type { Passage } from '../../rag/retrieval';
import { retrievePassagesCached } from '../../rag/retrieval-cache';

type ChatbotRow = typeof chatbots.$inferSelect;
type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

const HISTORY_TURNS = 10;
export const ACTIONS_NO_ANSWER_TEXT = 'Sorry, I could not complete that request. Please try again or ask in another way.';
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

interface TurnQuestion {
  id: string;
  at: Date;
  tokens: number;
  questionKey: string | null;
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

/**
 * Stores one turn as one statement and announces it there (services/chat-turns.ts): the conversation when it is new
 * (or its count), the visitor's message unless it was stored before (`questionStored`: a handoff was asked for) and the
 * reply are this feature's rows; usage, webhooks, the request log and analytics add theirs to the same statement — one
 * round trip (decisions/0040-chat-turn-read-cache-and-writes.md) — and what must follow it goes in a transaction with it
 * (decisions/0055-one-statement-turns.md). All or nothing: a turn is never half stored, whatever stops the process.
 */
async function storeTurn(
  deps: AppServices,
  request: ChatRequest,
  turn: { conversation: TurnConversation; userMessage: TurnQuestion; questionStored?: boolean },
  reply: TurnReply,
  extra: Pick<ChatTurn, 'metering' | 'model' | 'actionCalls'> = {},
): Promise<void> {
  const { chatbot } = request;
  const { conversation, userMessage } = turn;
  const answered = reply.outcome === 'answered';
  const event: ChatTurn = {
    chatbot,
    channel: request.channel,
    visitorId: request.visitorId,
    conversation: { id: conversation.id, isNew: conversation.isNew, createdNow: conversation.isNew && !turn.questionStored },
    question: { ...userMessage, content: request.message, storedBefore: turn.questionStored ?? false },
    answer: {
      id: reply.id,
      at: reply.at,
      content: reply.text,
      outcome: reply.outcome,
      tokens: reply.tokens ?? 0,
      ...(reply.latencyMs !== undefined ? { latencyMs: reply.latencyMs } : {}),
      ...(reply.sources ? { sources: reply.sources } : {}),
    },
    ...extra,
  };
  const { question, answer } = event;
  const { db } = deps.database;
  const lastMessageAt = new Date();
  const own: [string, SQLWrapper][] = [];
  own.push([
    'conversation',
    event.conversation.createdNow
      ? db.insert(conversations).values({
          id: conversation.id,
          chatbotId: chatbot.id,
          organizationId: chatbot.organizationId,
          visitorId: request.visitorId,
          channel: request.channel,
          messageCount: 2,
          startedAt: question.at,
          lastMessageAt,
        })
      : db
          .update(conversations)
          .set({ messageCount: sql`${conversations.messageCount} + ${question.storedBefore ? 1 : 2}`, lastMessageAt })
          .where(eq(conversations.id, conversation.id)),
  ]);
  const answerRow = {
    id: answer.id,
    conversationId: conversation.id,
    role: 'assistant' as const,
    content: answer.content,
    tokens: answer.tokens,
    ...(answer.latencyMs !== undefined ? { latencyMs: answer.latencyMs } : {}),
    ...(answer.sources ? { sources: answer.sources } : {}),
    isAnswered: answered,
    outcome: answer.outcome,
    createdAt: answer.at,
  };
  if (question.storedBefore) {
    own.push(['answer', db.insert(messages).values(answerRow)]);
    own.push(['question', db.update(messages).set({ tokens: question.tokens, isAnswered: answered }).where(eq(messages.id, question.id))]);
  } else {
    const questionRow = {
      id: question.id,
      conversationId: conversation.id,
      role: 'user' as const,
      content: question.content,
      tokens: question.tokens,
      isAnswered: answered,
      questionKey: question.questionKey,
      createdAt: question.at,
    };
    own.push(['messages', db.insert(messages).values([questionRow, answerRow])]);
  }
  const committed = await deps.chatTurns.store(db, event, own, {
    jobs: deps.jobs,
    ...(deps.readCache ? { readCache: deps.readCache } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  committed();
}

/**
 * A person the answer model asked for with the chatbot's handoff action (decisions/0049-built-in-actions.md), requested
 * once the turn is stored (a new conversation has its row only then) through the visitor's own path, the waiting line
 * written into the conversation. The `handoff` event after `done` tells the widget to follow the conversation; its text
 * says why nobody can come when the request was refused after all.
 */
async function handOffAfterAnswer(deps: AppServices, request: ChatRequest, conversationId: string): Promise<void> {
  try {
    const handoff = await requestHandoff(deps, {
      chatbot: request.chatbot,
      conversationId,
      reason: 'phrase',
      countsInStats: countsInAnalytics(request),
      announce: true,
    });
    const isWaiting = handoff.result === 'requested' || handoff.result === 'already';
    request.emit({
      type: 'handoff',
      mode: isWaiting ? (handoff.result === 'already' && handoff.handoff.status === 'active' ? 'active' : 'waiting') : 'unavailable',
      text: isWaiting ? '' : handoff.text,
    });
  } catch (error) {
    // The answer is stored and sent already; the conversation stays with the bot.
    deps.log?.error({ err: error, conversationId }, 'the handoff an action asked for could not be requested');
  }
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
        const listeners = await webhookListeners(tx, chatbot.organizationId, ['conversation.started'], deps.readCache);
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
  // At least a millisecond after the question: a transcript orders by time, and a fast answer (a repeated question, a
  // local model) could otherwise share the question's millisecond and be listed before it.
  const answerAt = new Date(Math.max(Date.now(), userAt.getTime() + 1));
  const answerId = randomUUID();
  request.emit({ type: 'meta', conversationId, messageId: answerId });

  let text = '';
  let stored = false;
  // The chatbot's actions, offered to its answer model as tools (decisions/0047-chatbot-actions.md); only a chatbot
  // set to a model provider can use them, so the built-in answerer's turns read nothing more.
  let actions: TurnActions | null = null;
  const actionCalls = (): Pick<ChatTurn, 'actionCalls'> => (actions && actions.calls.length > 0 ? { actionCalls: actions.calls } : {});
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
    const passages = await retrievePassagesCached(deps.database, deps.retrievalCache, {
      chatbotId: chatbot.id,
      question,
      embedder: embedderFor(deps, chatbot),
      topK: chatbot.retrievalTopK,
    });
    let citations: Citation[] = [];
    let answered = false;
    let providerUsage: LlmUsage | null = null;
    if (chatbot.modelProvider !== 'builtin') {
      actions = await actionsForTurn(deps.database, {
        chatbot,
        conversationId,
        secretKey: deps.config.secretKey,
        allowPrivateNetworks: deps.config.fetch.allowPrivateNetworks,
        // The installation's outbound deadline, at most ACTION_CALL_TIMEOUT_MS: a visitor is waiting.
        timeoutMs: Math.min(deps.config.fetch.timeoutMs, ACTION_CALL_TIMEOUT_MS),
        ...(deps.readCache ? { readCache: deps.readCache } : {}),
        channel: request.channel,
        n8nPrivateNetworks: deps.config.fetch.n8nPrivateNetworks,
      });
    }
    if ((passages.length > 0 || actions) && provider === undefined) provider = await answerProviderFor(deps, chatbot);
    // The sentence-embedding model judges whether the passages answer at all, and picks the sentences (decisions/0011-answers.md).
    const sentences = await sentenceModel();
    const relevant = provider ? await passagesAnswer(question, passages, sentences, request.signal) : passages.length > 0;
    // With actions the model may answer from them even when the documents do not: it is asked without the passages.
    const withActions = !!provider && !!actions;
    if (!relevant && !withActions) {
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
        passages: relevant ? passages : [],
        history,
        question,
        temperature: chatbot.temperature,
        signal: request.signal,
        ...(actions ? { tools: actions.tools, maxToolCalls: actions.maxCalls } : {}),
      });
      for await (const delta of answer.textStream) {
        text += delta;
        request.emit({ type: 'delta', text: delta });
      }
      // A model that spent its action calls without writing an answer still leaves the visitor a sentence.
      if (!text.trim() && actions && actions.calls.length > 0) {
        text = ACTIONS_NO_ANSWER_TEXT;
        request.emit({ type: 'delta', text });
      }
      citations = citationsUsedIn(text, answer.citations).map(toCitation(passages));
      // An answer built on an action's result is an answer, though it cites no document.
      answered = citations.length > 0 || (actions?.calls.some((call) => call.error === null) ?? false);
      providerUsage = await answer.usage.catch(() => null);
    }

    // Without a model, the actions marked as buttons that the question matches are offered to the website's visitor
    // (features/chatbot-actions/button-offers.ts); the sentence model embedded the question already.
    const offers =
      !provider && request.channel === 'widget'
        ? await buttonOffersForTurn(deps.database, {
            chatbot,
            questions: [request.message, question],
            embedder: sentences,
            ...(deps.readCache ? { readCache: deps.readCache } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
          })
        : [];

    const questionTokens = await deps.meter.messageTokens(request.message);
    const answerTokens = await deps.meter.messageTokens(text);
    const latencyMs = Math.round(performance.now() - started);
    const outcome: MessageOutcome = answered ? 'answered' : 'declined';
    await storeTurn(
      deps,
      request,
      { conversation, userMessage: { ...userTurn, tokens: questionTokens } },
      { id: answerId, at: answerAt, text, outcome, tokens: answerTokens, latencyMs, sources: citations },
      {
        metering: { limit: allowance.limit, usedAtStart: allowance.used, reference: `overage:message:${answerId}`, detail: `Answer of ${chatbot.name}` },
        // The cost estimate uses the provider's own counts when it gave them.
        model: {
          provider: provider?.kind ?? null,
          model: provider?.model ?? null,
          inputTokens: providerUsage?.inputTokens ?? questionTokens,
          outputTokens: providerUsage?.outputTokens ?? answerTokens,
        },
        ...actionCalls(),
      },
    );
    stored = true;
    if (offers.length > 0) request.emit({ type: 'actions', offers });
    request.emit({
      type: 'done',
      answered,
      citations,
      tokens: questionTokens + answerTokens,
      inputTokens: questionTokens,
      outputTokens: answerTokens,
      ...(canHandOff(request) && !answered ? { offerHandoff: true } : {}),
    });
    if (actions?.calls.some((call) => call.effects?.handoff)) await handOffAfterAnswer(deps, request, conversationId);
  } catch (error) {
    // The turn is kept as an error (with what was streamed, if anything), unmetered, and counted — unless it was
    // stored already and only telling the visitor failed.
    if (!stored) {
      await storeTurn(deps, request, { conversation, userMessage: userTurn }, { id: answerId, at: answerAt, text, outcome: 'error' }, actionCalls()).catch(
        () => {},
      );
    }
    // A model provider's failure is told as the provider's (the OpenAI-compatible API answers it 502), not as ours.
    throw upstreamProviderError(error) ?? error;
  }
}

/** The running app's dependencies for answering (read per request: the job queue starts after the routes). */
