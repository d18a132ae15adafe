import type { ChatStreamEvent, Citation } from '@parley/shared/contracts/chatbots';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conversations, messages, usageLedger, type chatbots } from '../../db/schema/index';
import { embedderFor } from '../../providers/ai/models';
import { answerExtractively, NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { citationsUsedIn } from '../../rag/answerers/prompt';
import { streamLlmAnswer, type LlmProviderConfig } from '../../rag/answerers/llm';
import { estimateBillingTokens } from '../../rag/tokens';
import { isOverTokenLimit } from '../usage/service';
import { retrievePassages, type Passage } from './retrieval';

type ChatbotRow = typeof chatbots.$inferSelect;
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
  signal?: AbortSignal;
  emit(event: ChatStreamEvent): void;
}

/** The answer model a chatbot is set to, when this server has what it needs; otherwise the built-in answerer. */
function llmProvider(config: Config, chatbot: ChatbotRow): LlmProviderConfig | null {
  const { ai } = config;
  switch (chatbot.modelProvider) {
    case 'openai':
      return ai.openai ? { kind: 'openai', ...ai.openai, model: chatbot.modelName } : null;
    case 'openai-compatible':
      return ai.openaiCompatible ? { kind: 'openai-compatible', ...ai.openaiCompatible, model: chatbot.modelName } : null;
    case 'anthropic':
    case 'google':
    case 'mistral': {
      const settings = ai[chatbot.modelProvider];
      return settings ? { kind: chatbot.modelProvider, ...settings, model: chatbot.modelName } : null;
    }
    default:
      return null;
  }
}

async function openConversation(database: Database, request: ChatRequest): Promise<string> {
  const { db } = database;
  if (request.conversationId) {
    const [existing] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.id, request.conversationId), eq(conversations.chatbotId, request.chatbot.id), eq(conversations.visitorId, request.visitorId)),
      );
    if (existing) return existing.id;
  }
  const [created] = await db
    .insert(conversations)
    .values({ chatbotId: request.chatbot.id, organizationId: request.chatbot.organizationId, visitorId: request.visitorId, channel: request.channel })
    .returning({ id: conversations.id });
  return created!.id;
}

const toCitation =
  (passages: Passage[]) =>
  (c: { chunkId: string; sourceName: string; excerpt: string }): Citation => ({
    chunkId: c.chunkId,
    sourceId: passages.find((p) => p.chunkId === c.chunkId)?.sourceId ?? c.chunkId,
    sourceName: c.sourceName,
    excerpt: c.excerpt,
  });

/**
 * One visitor message → one grounded answer: retrieve from this chatbot's chunks only,
 * answer (streamed), store both messages with sources, tokens and latency, and meter
 * the tokens in the usage ledger.
 */
export async function answerChatMessage(database: Database, config: Config, request: ChatRequest): Promise<void> {
  const started = performance.now();
  const { db } = database;
  const { chatbot } = request;
  const conversationId = await openConversation(database, request);
  const history =
    request.history ??
    (
      await db
        .select({ role: messages.role, content: messages.content })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(desc(messages.createdAt))
        .limit(HISTORY_TURNS)
    ).reverse();
  const questionTokens = estimateBillingTokens(request.message);
  const [userMessage] = await db
    .insert(messages)
    .values({ conversationId, role: 'user', content: request.message, tokens: questionTokens })
    .returning({ id: messages.id });

  // Over the monthly token limit: a clear message instead of an answer, and nothing more metered.
  if (await isOverTokenLimit(db, chatbot.organizationId)) {
    const [limited] = await db
      .insert(messages)
      .values({ conversationId, role: 'assistant', content: MONTHLY_LIMIT_TEXT, isAnswered: false, latencyMs: Math.round(performance.now() - started) })
      .returning({ id: messages.id });
    await db
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 2`, lastMessageAt: new Date() })
      .where(eq(conversations.id, conversationId));
    request.emit({ type: 'meta', conversationId, messageId: limited!.id });
    request.emit({ type: 'delta', text: MONTHLY_LIMIT_TEXT });
    request.emit({ type: 'done', answered: false, citations: [], tokens: 0 });
    return;
  }

  const passages = await retrievePassages(database, {
    chatbotId: chatbot.id,
    question: request.message,
    embedder: embedderFor(config, chatbot),
    topK: chatbot.retrievalTopK,
  });
  const [assistantPlaceholder] = await db.insert(messages).values({ conversationId, role: 'assistant', content: '' }).returning({ id: messages.id });
  request.emit({ type: 'meta', conversationId, messageId: assistantPlaceholder!.id });

  let text = '';
  let citations: Citation[] = [];
  let answered = false;
  const provider = llmProvider(config, chatbot);
  if (passages.length === 0) {
    text = NO_ANSWER_TEXT;
    request.emit({ type: 'delta', text });
  } else if (!provider) {
    const answer = answerExtractively({ question: request.message, passages });
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
      question: request.message,
      temperature: chatbot.temperature,
      signal: request.signal,
    });
    for await (const delta of answer.textStream) {
      text += delta;
      request.emit({ type: 'delta', text: delta });
    }
    citations = citationsUsedIn(text, answer.citations).map(toCitation(passages));
    answered = citations.length > 0;
  }

  const answerTokens = estimateBillingTokens(text);
  await db.transaction(async (tx) => {
    await tx
      .update(messages)
      .set({ content: text, tokens: answerTokens, latencyMs: Math.round(performance.now() - started), sources: citations, isAnswered: answered })
      .where(eq(messages.id, assistantPlaceholder!.id));
    await tx.insert(usageLedger).values([
      { organizationId: chatbot.organizationId, chatbotId: chatbot.id, messageId: userMessage!.id, tokenType: 'input', tokens: questionTokens },
      { organizationId: chatbot.organizationId, chatbotId: chatbot.id, messageId: assistantPlaceholder!.id, tokenType: 'output', tokens: answerTokens },
    ]);
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 2`, lastMessageAt: new Date() })
      .where(eq(conversations.id, conversationId));
  });
  request.emit({ type: 'done', answered, citations, tokens: questionTokens + answerTokens });
}

/** The messages of a conversation, oldest first (the widget restores a visitor's chat). */
export async function conversationMessages(database: Database, chatbotId: string, conversationId: string, visitorId: string) {
  const [conversation] = await database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.chatbotId, chatbotId), eq(conversations.visitorId, visitorId)));
  if (!conversation) return null;
  return database.db
    .select({ id: messages.id, role: messages.role, content: messages.content, sources: messages.sources, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
}
