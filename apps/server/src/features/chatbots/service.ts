import { NOT_ORGANIZATION_MEMBER_MESSAGE } from '@parley/shared/access';
import {
  DEFAULT_SYSTEM_PROMPT,
  type Chatbot,
  type ChatbotList,
  type ChatbotListQuery,
  type ChatbotNameList,
  type ChatbotNameListQuery,
  type CreateChatbotBody,
} from '@parley/shared/contracts/chatbots';
import { and, asc, count, desc, eq, gte, ilike, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { behaviorTemplates, chatbots, conversations, knowledgeSources } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like';
import type { EmbeddingChoice } from '../../providers/ai/models';
import { readSystemConfiguration } from '../../services/system-configuration';
import { changedChatbotFields, emitWebhookEvent, webhookChatbot } from '../webhooks/index';
import { assertCanCreateChatbot } from '../usage/index';

type ChatbotRow = typeof chatbots.$inferSelect;

/** The prompt of the default behavior template (staff maintain it), for a chatbot created without one. */
async function defaultBehaviorPrompt(db: Db): Promise<string> {
  const [row] = await db
    .select({ systemPrompt: behaviorTemplates.systemPrompt })
    .from(behaviorTemplates)
    .where(and(eq(behaviorTemplates.isDefault, true), eq(behaviorTemplates.isActive, true)));
  return row?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT;
}

/**
 * A chatbot of the organization the request acts in; anything else, another organization's included, is
 * "not found" (no existence leak).
 */
export async function findChatbotInOrganization(db: Db, organizationId: string, chatbotId: string): Promise<ChatbotRow> {
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.id, chatbotId), eq(chatbots.organizationId, organizationId)));
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

/** The organization's chatbots whose name holds the search anywhere, case-insensitively (no search: all of them). */
function chatbotsMatching(organizationId: string, search: string) {
  return and(eq(chatbots.organizationId, organizationId), search ? ilike(chatbots.name, containsPattern(search)) : undefined);
}

/** One page of the organization's chatbots, newest first, with their training-data counts. */
export async function listChatbots(db: Db, organizationId: string, query: ChatbotListQuery): Promise<ChatbotList> {
  const where = chatbotsMatching(organizationId, query.search);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(chatbots)
      .where(where)
      .orderBy(desc(chatbots.createdAt), desc(chatbots.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(chatbots).where(where),
  ]);
  const totals = await sourceTotals(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toChatbot(r, totals.get(r.id))), total: Number(counted?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * One page of the organization's chatbots by name (id, name and status), for pickers and for labelling other lists:
 * searched as the chatbot list is, and narrowed to `ids` when given (another organization's ids match nothing).
 */
export async function listChatbotNames(db: Db, organizationId: string, query: ChatbotNameListQuery): Promise<ChatbotNameList> {
  const where = and(chatbotsMatching(organizationId, query.search), query.ids.length > 0 ? inArray(chatbots.id, query.ids) : undefined);
  const [items, [counted]] = await Promise.all([
    db
      .select({ id: chatbots.id, name: chatbots.name, status: chatbots.status })
      .from(chatbots)
      .where(where)
      .orderBy(asc(sql`lower(${chatbots.name})`), asc(chatbots.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(chatbots).where(where),
  ]);
  return { items, total: Number(counted?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getChatbot(db: Db, organizationId: string, chatbotId: string): Promise<Chatbot> {
  const row = await findChatbotInOrganization(db, organizationId, chatbotId);
  return toChatbot(row, (await sourceTotals(db, [row.id])).get(row.id));
}

/**
 * Creates a chatbot in the organization the request acts in. The chunking settings come from the system
 * configuration at creation; the embedder is the built-in local one until an embedding provider key is configured.
 */
export async function createChatbot(
  db: Db,
  actor: { organizationId: string; userId: string },
  input: Omit<CreateChatbotBody, 'organizationId'> & { organizationId?: string },
  chooseEmbedding: (systemDefault: { model: string; dimensions: number }) => EmbeddingChoice,
): Promise<Chatbot> {
  const { organizationId, userId } = actor;
  // The body may name the organization too (older clients); it must be the one the request acts in.
  if (input.organizationId && input.organizationId !== organizationId) throw new AppError('FORBIDDEN', NOT_ORGANIZATION_MEMBER_MESSAGE);
  const settings = await readSystemConfiguration(db);
  const embedding = chooseEmbedding({ model: settings.defaultEmbeddingModel, dimensions: settings.defaultEmbeddingDimensions });
  const systemPrompt = input.systemPrompt ?? (await defaultBehaviorPrompt(db));
  // The chatbot and its bot.created webhook event commit together (features/webhooks/events.ts).
  const row = await db.transaction(async (tx) => {
    // One organization's creations one at a time, so two at once cannot both take the plan's last place.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`chatbots:${organizationId}`}))`);
    await assertCanCreateChatbot(tx, organizationId);
    const [created] = await tx
      .insert(chatbots)
      .values({
        organizationId,
        createdBy: userId,
        name: input.name,
        description: input.description ?? '',
        systemPrompt,
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
    await emitWebhookEvent(tx, { organizationId, type: 'bot.created', data: { organizationId, chatbot: webhookChatbot(created!) } });
    return created!;
  });
  return toChatbot(row);
}

export async function updateChatbot(
  db: Db,
  organizationId: string,
  chatbotId: string,
  patch: Partial<Omit<ChatbotRow, 'id' | 'organizationId' | 'appearance'>> & { appearance?: Partial<ChatbotRow['appearance']> },
): Promise<Chatbot> {
  const before = await findChatbotInOrganization(db, organizationId, chatbotId);
  const { appearance, ...fields } = patch;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(chatbots)
      // The appearance fields named are merged into the stored ones in the statement itself, so two PATCHes naming
      // different fields both hold.
      .set({ ...fields, ...(appearance ? { appearance: sql`${chatbots.appearance} || ${JSON.stringify(appearance)}::jsonb` } : {}), updatedAt: new Date() })
      .where(and(eq(chatbots.id, chatbotId), eq(chatbots.organizationId, organizationId)))
      .returning();
    const changedFields = changedChatbotFields(before, updated!);
    if (changedFields.length > 0) {
      await emitWebhookEvent(tx, { organizationId, type: 'bot.updated', data: { organizationId, chatbot: webhookChatbot(updated!), changedFields } });
    }
    return updated!;
  });
  return toChatbot(row, (await sourceTotals(db, [chatbotId])).get(chatbotId));
}

export async function deleteChatbot(db: Db, organizationId: string, chatbotId: string): Promise<void> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(chatbots)
      .where(and(eq(chatbots.id, chatbotId), eq(chatbots.organizationId, organizationId)))
      .returning({ id: chatbots.id, name: chatbots.name });
    if (deleted) await emitWebhookEvent(tx, { organizationId, type: 'bot.deleted', data: { organizationId, chatbot: deleted } });
  });
}

/**
 * Chatbots in the install, and created in the last 30 days against the 30 before. `live` counts only live ones: the
 * admin dashboard's "Active Chatbots" card (a draft answers nobody); User Management's total counts every chatbot.
 */
export async function chatbotCounts(db: Db, { live = false }: { live?: boolean } = {}) {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const [row] = await db
    .select({
      total: count(),
      current: sql<number>`count(*) filter (where ${chatbots.createdAt} >= ${new Date(now - 30 * day)})`,
      previous: sql<number>`count(*) filter (where ${chatbots.createdAt} >= ${new Date(now - 60 * day)} and ${chatbots.createdAt} < ${new Date(now - 30 * day)})`,
    })
    .from(chatbots)
    .where(live ? eq(chatbots.status, 'live') : undefined);
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
