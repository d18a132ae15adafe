import { DEFAULT_SYSTEM_PROMPT, type Chatbot, type CreateChatbotBody } from '@parley/shared/contracts/chatbots';
import { and, asc, count, desc, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { behaviorTemplates, chatbots, conversations, knowledgeSources, organizationMembers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { EmbeddingChoice } from '../../providers/ai/models';
import { readSystemConfiguration } from '../system-configuration/store';
import { assertCanCreateChatbot } from '../usage/service';

type ChatbotRow = typeof chatbots.$inferSelect;

/** The prompt of the default behavior template (staff maintain it), for a chatbot created without one. */
async function defaultBehaviorPrompt(db: Db): Promise<string> {
  const [row] = await db
    .select({ systemPrompt: behaviorTemplates.systemPrompt })
    .from(behaviorTemplates)
    .where(and(eq(behaviorTemplates.isDefault, true), eq(behaviorTemplates.isActive, true)));
  return row?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT;
}

/** Organizations the user belongs to, oldest first (the personal one comes first). */
export async function memberOrganizationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt));
  return rows.map((r) => r.id);
}

/** A chatbot of one of the user's organizations; anything else is "not found" (no existence leak). */
export async function findChatbotForUser(db: Db, userId: string, chatbotId: string): Promise<ChatbotRow> {
  const orgs = await memberOrganizationIds(db, userId);
  if (orgs.length === 0) throw new AppError('NOT_FOUND', 'Chatbot not found.');
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.id, chatbotId), inArray(chatbots.organizationId, orgs)));
  if (!row) throw new AppError('NOT_FOUND', 'Chatbot not found.');
  return row;
}

async function sourceTotals(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { sources: number; chunks: number }>();
  const rows = await db
    .select({ chatbotId: knowledgeSources.chatbotId, sources: count(), chunks: sum(knowledgeSources.chunkCount) })
    .from(knowledgeSources)
    .where(inArray(knowledgeSources.chatbotId, ids))
    .groupBy(knowledgeSources.chatbotId);
  return new Map(rows.map((r) => [r.chatbotId, { sources: Number(r.sources), chunks: Number(r.chunks ?? 0) }]));
}

function toChatbot(row: ChatbotRow, totals?: { sources: number; chunks: number }): Chatbot {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    modelProvider: row.modelProvider,
    modelName: row.modelName,
    temperature: row.temperature,
    welcomeMessage: row.welcomeMessage,
    suggestedQuestions: row.suggestedQuestions,
    appearance: row.appearance,
    allowedOrigins: row.allowedOrigins,
    status: row.status,
    embedding: { provider: row.embeddingProvider, model: row.embeddingModel, dimensions: row.embeddingDimensions },
    chunking: { strategy: row.chunkingStrategy, size: row.chunkSize, overlap: row.chunkOverlap },
    retrievalTopK: row.retrievalTopK,
    handoffEnabled: row.handoffEnabled,
    handoffAlertMinutes: row.handoffAlertMinutes,
    sourceCount: totals?.sources ?? 0,
    chunkCount: totals?.chunks ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listChatbots(db: Db, userId: string): Promise<Chatbot[]> {
  const orgs = await memberOrganizationIds(db, userId);
  if (orgs.length === 0) return [];
  const rows = await db.select().from(chatbots).where(inArray(chatbots.organizationId, orgs)).orderBy(desc(chatbots.createdAt));
  const totals = await sourceTotals(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toChatbot(r, totals.get(r.id)));
}

export async function getChatbot(db: Db, userId: string, chatbotId: string): Promise<Chatbot> {
  const row = await findChatbotForUser(db, userId, chatbotId);
  return toChatbot(row, (await sourceTotals(db, [row.id])).get(row.id));
}

/** The system configuration (the process's cached copy; see features/system-configuration/store.ts). */
export { readSystemConfiguration };

/**
 * Creates a chatbot in one of the user's organizations (their first by default). The
 * chunking settings come from the system configuration at creation; the embedder is the
 * built-in local one until an embedding provider key is configured.
 */
export async function createChatbot(
  db: Db,
  userId: string,
  input: Omit<CreateChatbotBody, 'organizationId'> & { organizationId?: string },
  chooseEmbedding: (systemDefault: { model: string; dimensions: number }) => EmbeddingChoice,
): Promise<Chatbot> {
  const orgs = await memberOrganizationIds(db, userId);
  const organizationId = input.organizationId ?? orgs[0];
  if (!organizationId || !orgs.includes(organizationId)) throw new AppError('FORBIDDEN', 'You are not a member of this organization.');
  await assertCanCreateChatbot(db, organizationId);
  const settings = await readSystemConfiguration(db);
  const embedding = chooseEmbedding({ model: settings.defaultEmbeddingModel, dimensions: settings.defaultEmbeddingDimensions });
  const [row] = await db
    .insert(chatbots)
    .values({
      organizationId,
      createdBy: userId,
      name: input.name,
      description: input.description ?? '',
      systemPrompt: input.systemPrompt ?? (await defaultBehaviorPrompt(db)),
      modelProvider: input.modelProvider ?? 'builtin',
      modelName: input.modelName ?? 'extractive',
      temperature: input.temperature ?? 0.3,
      welcomeMessage: input.welcomeMessage ?? '',
      suggestedQuestions: input.suggestedQuestions ?? [],
      appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Chat with us', avatarUrl: null, ...input.appearance },
      allowedOrigins: input.allowedOrigins ?? [],
      status: input.status ?? 'draft',
      retrievalTopK: input.retrievalTopK ?? 5,
      handoffEnabled: input.handoffEnabled ?? true,
      handoffAlertMinutes: input.handoffAlertMinutes ?? null,
      embeddingProvider: embedding.provider,
      embeddingModel: embedding.model,
      embeddingDimensions: embedding.dimensions,
      chunkingStrategy: settings.defaultChunkingStrategy,
      chunkSize: settings.defaultChunkSize,
      chunkOverlap: settings.defaultChunkOverlap,
    })
    .returning();
  return toChatbot(row!);
}

export async function updateChatbot(db: Db, userId: string, chatbotId: string, patch: Partial<Omit<ChatbotRow, 'id' | 'organizationId'>>): Promise<Chatbot> {
  await findChatbotForUser(db, userId, chatbotId);
  const [row] = await db
    .update(chatbots)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(chatbots.id, chatbotId))
    .returning();
  return toChatbot(row!, (await sourceTotals(db, [chatbotId])).get(chatbotId));
}

export async function deleteChatbot(db: Db, userId: string, chatbotId: string): Promise<void> {
  await findChatbotForUser(db, userId, chatbotId);
  await db.delete(chatbots).where(eq(chatbots.id, chatbotId));
}

/** Chatbots in the install, and created in the last 30 days against the 30 before (admin dashboard). */
export async function chatbotCounts(db: Db) {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const [row] = await db
    .select({
      total: count(),
      current: sql<number>`count(*) filter (where ${chatbots.createdAt} >= ${new Date(now - 30 * day)})`,
      previous: sql<number>`count(*) filter (where ${chatbots.createdAt} >= ${new Date(now - 60 * day)} and ${chatbots.createdAt} < ${new Date(now - 30 * day)})`,
    })
    .from(chatbots);
  return { total: Number(row?.total ?? 0), current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

/** Conversations started in the last 30 days, across the install (admin dashboard). */
export async function recentConversationCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(gte(conversations.startedAt, new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)));
  return Number(row?.n ?? 0);
}
