import type { Database } from '../db/client';
import { documentChunks, knowledgeSources, subscriptionTierLimits } from '../db/schema/index';
import { vectorLiteral } from '../db/vector';
import { chunkText } from '../rag/chunkers';
import { createLocalEmbedder } from '../rag/embedders/local';
import { insertChatbotRows } from './chatbot-rows';

/**
 * A live chatbot answering through an OpenAI-compatible model (OPENAI_COMPATIBLE_BASE_URL) over one short document,
 * written straight to the tables, for load: its organization's tier (`tier`, created here) has its token allowance
 * and its three rate limits (API key, chatbot, visitor) out of reach. Used by bench/chat.ts and the kill -9 test of
 * chat turns.
 */
export async function insertModelAnsweredChatbot(database: Database, input: { tier: string; name: string; document: string; modelName: string }) {
  const { db } = database;
  await db.insert(subscriptionTierLimits).values({
    tier: input.tier,
    displayName: input.name,
    description: 'Limits out of reach',
    monthlyTokenLimit: 2_000_000_000,
    maxChatbots: 10,
    apiKeyRequestsPerMinute: 1_000_000,
    chatbotMessagesPerMinute: 1_000_000,
    visitorMessagesPerMinute: 1_000_000,
    sortOrder: 99,
  });
  const { organizationId, chatbot } = await insertChatbotRows(db, {
    organization: { name: input.name, tier: input.tier },
    chatbot: { name: 'Support', status: 'live', modelProvider: 'openai-compatible', modelName: input.modelName, embeddingDimensions: 384 },
  });
  const chunks = chunkText(input.document, { strategy: 'semantic', chunkSize: 120, chunkOverlap: 0 });
  const vectors = await createLocalEmbedder({ dimensions: 384 }).embed(chunks.map((c) => c.text));
  const [source] = await db
    .insert(knowledgeSources)
    .values({ chatbotId: chatbot.id, organizationId, kind: 'text', name: 'policies', status: 'ready', chunkCount: chunks.length })
    .returning();
  await db.insert(documentChunks).values(
    chunks.map((chunk, j) => ({
      sourceId: source!.id,
      chatbotId: chatbot.id,
      chunkIndex: chunk.index,
      content: chunk.text,
      tokenCount: chunk.tokenCount,
      embedding: vectorLiteral(database.vectorSearch, vectors[j]!) as unknown as number[],
      embeddingDimensions: 384,
    })),
  );
  return { organizationId, chatbot };
}
