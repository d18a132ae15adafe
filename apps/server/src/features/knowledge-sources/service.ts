import type { KnowledgeSource, KnowledgeSourceList, KnowledgeSourceListQuery } from '@parley/shared/contracts/knowledge-sources';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbots, knowledgeSources } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/like';
import type { JobQueue, TransactionSend } from '../../jobs/queue';
import { findChatbotInOrganization } from '../chatbots/index';
import { readSystemConfiguration } from '../../services/system-configuration';
import { compactTermCounts } from '../../rag/term-counts';

export const INGEST_JOB = 'ingest-source';
export interface IngestJobData {
  sourceId: string;
  version: number;
  /** The processing queue timeout when it was queued: the longest this job may run (absent on jobs queued before it). */
  timeoutSeconds?: number;
}

type SourceRow = typeof knowledgeSources.$inferSelect;

const sourceColumns = {
  id: knowledgeSources.id,
  chatbotId: knowledgeSources.chatbotId,
  kind: knowledgeSources.kind,
  name: knowledgeSources.name,
  mimeType: knowledgeSources.mimeType,
  sourceUrl: knowledgeSources.sourceUrl,
  sizeBytes: knowledgeSources.sizeBytes,
  status: knowledgeSources.status,
  progress: knowledgeSources.progress,
  error: knowledgeSources.error,
  chunkCount: knowledgeSources.chunkCount,
  tokenCount: knowledgeSources.tokenCount,
  billedTokens: knowledgeSources.billedTokens,
  billedCharacters: knowledgeSources.billedCharacters,
  billedTokensPerCharacter: knowledgeSources.billedTokensPerCharacter,
  billedMultiplier: knowledgeSources.billedMultiplier,
  processedAt: knowledgeSources.processedAt,
  createdAt: knowledgeSources.createdAt,
};

const toSource = ({ billedCharacters, billedTokensPerCharacter, billedMultiplier, ...row }: Pick<SourceRow, keyof typeof sourceColumns>): KnowledgeSource => ({
  ...row,
  billingRule:
    billedCharacters !== null && billedTokensPerCharacter !== null && billedMultiplier !== null
      ? { characters: billedCharacters, tokensPerCharacter: billedTokensPerCharacter, multiplier: billedMultiplier }
      : null,
  processedAt: row.processedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * One page of a chatbot's sources, newest first, with the counts of all of them: a chatbot can hold thousands, and
 * the list is asked for again every 1.5 s while any is processing.
 */
export async function listSources(db: Db, organizationId: string, chatbotId: string, query: KnowledgeSourceListQuery): Promise<KnowledgeSourceList> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const { page, pageSize, search, status } = query;
  const ofChatbot = eq(knowledgeSources.chatbotId, chatbotId);
  const narrowed = and(status ? eq(knowledgeSources.status, status) : undefined, search ? ilike(knowledgeSources.name, containsPattern(search)) : undefined);
  const countOf = (state: KnowledgeSource['status']) => sql<number>`(count(*) FILTER (WHERE ${knowledgeSources.status} = ${state}))::int`;
  const [rows, [counts], settings] = await Promise.all([
    db
      .select(sourceColumns)
      .from(knowledgeSources)
      .where(and(ofChatbot, narrowed))
      .orderBy(desc(knowledgeSources.createdAt), desc(knowledgeSources.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        matching: narrowed ? sql<number>`(count(*) FILTER (WHERE ${narrowed}))::int` : sql<number>`count(*)::int`,
        sources: sql<number>`count(*)::int`,
        queued: countOf('queued'),
        processing: countOf('processing'),
        ready: countOf('ready'),
        failed: countOf('failed'),
        // What the chatbot answers from: each source's last processed version, which a re-process being done or
        // failed leaves in place until a new version is ready.
        chunks: sql<number>`coalesce(sum(${knowledgeSources.chunkCount}) FILTER (WHERE ${knowledgeSources.processedAt} IS NOT NULL), 0)::float8`,
        tokens: sql<number>`coalesce(sum(${knowledgeSources.billedTokens}), 0)::float8`,
      })
      .from(knowledgeSources)
      .where(ofChatbot),
    // Cached per process: the list is asked for every 1.5 s while a source is processing.
    readSystemConfiguration(db),
  ]);
  const { matching, ...totals } = counts!;
  return { items: rows.map(toSource), total: matching, page, pageSize, totals, maxDocumentSizeMb: settings.maxDocumentSizeMb };
}

function requireQueue(jobs: JobQueue | null): JobQueue {
  if (!jobs) throw new AppError('SERVICE_UNAVAILABLE', 'Document processing is not running on this server. Try again shortly.');
  return jobs;
}

export interface NewSource {
  kind: 'file' | 'text' | 'url';
  name: string;
  mimeType?: string | null;
  sourceUrl?: string | null;
  data?: Buffer | null;
}

/**
 * processing_queue_timeout_minutes: how long one processing job may run before it counts as failed and is retried. It
 * travels with the job (its run limit); the job's lease is the queue's short, renewed one (JOB_LEASE_SECONDS), so a
 * node that dies mid-document hands it over within about a minute rather than after this timeout.
 */
const jobTimeout = (settings: { processingQueueTimeoutMinutes: number }) => ({ timeoutSeconds: settings.processingQueueTimeoutMinutes * 60 });

/** Enqueues the processing of one version of a source (deduplicated per version), in the transaction that stored it. */
const sendIngestJob = (send: TransactionSend, sourceId: string, version: number, timeout: { timeoutSeconds: number }) =>
  send<IngestJobData>(INGEST_JOB, { sourceId, version, ...timeout }, { singletonKey: `${sourceId}:${version}` });

/** Stores the source as queued and enqueues its processing job (deduplicated per source version). */
export async function addSource(db: Db, jobs: JobQueue | null, organizationId: string, chatbotId: string, input: NewSource): Promise<KnowledgeSource> {
  const chatbot = await findChatbotInOrganization(db, organizationId, chatbotId);
  const queue = requireQueue(jobs);
  const settings = await readSystemConfiguration(db);
  const size = input.data?.byteLength ?? 0;
  if (size > settings.maxDocumentSizeMb * 1024 * 1024) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Documents can be at most ${settings.maxDocumentSizeMb} MB.`);
  }
  const row = await queue.transaction(db, [INGEST_JOB], async (tx, send) => {
    const [stored] = await tx
      .insert(knowledgeSources)
      .values({
        chatbotId,
        organizationId: chatbot.organizationId,
        kind: input.kind,
        name: input.name.slice(0, 200),
        mimeType: input.mimeType ?? null,
        sourceUrl: input.sourceUrl ?? null,
        data: input.data ?? null,
        sizeBytes: size,
      })
      .returning(sourceColumns);
    await sendIngestJob(send, stored!.id, 1, jobTimeout(settings));
    return stored!;
  });
  return toSource(row);
}

export async function reprocessSource(db: Db, jobs: JobQueue | null, organizationId: string, chatbotId: string, sourceId: string): Promise<KnowledgeSource> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const queue = requireQueue(jobs);
  const timeout = jobTimeout(await readSystemConfiguration(db));
  const row = await queue.transaction(db, [INGEST_JOB], async (tx, send) => {
    const [updated] = await tx
      .update(knowledgeSources)
      .set({ status: 'queued', progress: 0, error: null, version: sql`${knowledgeSources.version} + 1`, updatedAt: new Date() })
      .where(sql`${knowledgeSources.id} = ${sourceId} AND ${knowledgeSources.chatbotId} = ${chatbotId}`)
      .returning({ ...sourceColumns, version: knowledgeSources.version });
    if (!updated) throw new AppError('NOT_FOUND', 'Source not found.');
    await sendIngestJob(send, sourceId, updated.version, timeout);
    return updated;
  });
  return toSource(row);
}

/**
 * Moves a chatbot to another embedder and queues every one of its sources to be processed again with it
 * (decisions/0011-answers.md): the chatbot's new embedder and the sources' jobs commit together, and each source shows its progress as it
 * is processed. Until a source is done its old vectors stay, searched with the new model's question vectors; its
 * words still match by BM25. Returns how many sources were queued.
 */
export async function reembedChatbot(
  db: Db,
  jobs: JobQueue | null,
  organizationId: string,
  chatbotId: string,
  embedding: { provider: string; model: string; dimensions: number },
): Promise<number> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const queue = requireQueue(jobs);
  const timeout = jobTimeout(await readSystemConfiguration(db));
  const rows = await queue.transaction(db, [INGEST_JOB], async (tx, send) => {
    await tx
      .update(chatbots)
      .set({ embeddingProvider: embedding.provider, embeddingModel: embedding.model, embeddingDimensions: embedding.dimensions, updatedAt: new Date() })
      .where(eq(chatbots.id, chatbotId));
    const requeued = await tx
      .update(knowledgeSources)
      .set({ status: 'queued', progress: 0, error: null, version: sql`${knowledgeSources.version} + 1`, updatedAt: new Date() })
      .where(eq(knowledgeSources.chatbotId, chatbotId))
      .returning({ id: knowledgeSources.id, version: knowledgeSources.version });
    for (const row of requeued) await sendIngestJob(send, row.id, row.version, timeout);
    return requeued;
  });
  return rows.length;
}

/**
 * Queues again every source that was waiting or being processed: after an installation moved to another database
 * (its queued jobs stay behind), each gets a new version, so a stale job of the old one would do nothing.
 * Returns how many were queued.
 */
export async function requeueUnfinishedSources(db: Db, queue: JobQueue): Promise<number> {
  const timeout = jobTimeout(await readSystemConfiguration(db));
  const rows = await queue.transaction(db, [INGEST_JOB], async (tx, send) => {
    const requeued = await tx
      .update(knowledgeSources)
      .set({ status: 'queued', progress: 0, version: sql`${knowledgeSources.version} + 1`, updatedAt: new Date() })
      .where(sql`${knowledgeSources.status} in ('queued', 'processing')`)
      .returning({ id: knowledgeSources.id, version: knowledgeSources.version });
    for (const row of requeued) await sendIngestJob(send, row.id, row.version, timeout);
    return requeued;
  });
  return rows.length;
}

/** Deleting a source removes its chunks (foreign key cascade) in the same statement; their terms stop counting. */
export async function deleteSource(db: Db, organizationId: string, chatbotId: string, sourceId: string): Promise<void> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const removed = await db
    .delete(knowledgeSources)
    .where(sql`${knowledgeSources.id} = ${sourceId} AND ${knowledgeSources.chatbotId} = ${chatbotId}`)
    .returning({ id: knowledgeSources.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'Source not found.');
  await compactTermCounts(db, chatbotId);
}
