import { randomUUID } from 'node:crypto';
import { documentCostRefusal, documentCostShare } from '@parley/shared/contracts/token-credits';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { chatbots, documentChunks, knowledgeSources } from '../../db/schema/index';
import { vectorLiteral } from '../../db/vector';
import { FetchGuardError } from '../../lib/safe-request';
import { DocumentError } from '../../rag/document-error';
import { extractAndChunkOffThread } from '../../rag/document-thread';
import type { Embedder } from '../../rag/embedders/types';
import { readSystemConfiguration } from '../../services/system-configuration';
import { N8nIngestError, type ChunkSource } from '../n8n/index';
import type { TokenMeter } from '../../services/token-meter';
import { documentFailedData, documentProcessedData, emitWebhookEvent } from '../webhooks/index';
import { lockMonthUsage, tokenBalance } from '../../services/token-ledger';
import { meterTokens, allowanceAndBalance, organizationTier, UNLIMITED, noticeUsageThresholds } from '../usage/index';
import { readSourceDocument, type SourceDocument } from './document-input';
import type { IngestJobData } from './service';
import { compactTermCounts } from '../../rag/term-counts';
import { defaultChunkWriteMode, forgetWrite, writeInSteps, writtenChunks, yieldToEventLoop, type ChunkWriteMode } from '../../rag/chunk-writes';

export interface IngestDeps {
  database: Database;
  embedderFor(chatbot: { embeddingProvider: string; embeddingModel: string; embeddingDimensions: number }): Embedder;
  fetchTimeoutMs: number;
  allowPrivateNetworks: boolean;
  log: FastifyBaseLogger;
  /** Meters the processed text at the storage rate (features/token-conversion). */
  meter: Pick<TokenMeter, 'storageCharge'>;
  /** Chunks made elsewhere (n8n processing mode, features/n8n/chunk-source.ts); null means the built-in chunker. */
  chunkSource?: ChunkSource;
  /** The job queue the usage-threshold e-mails are enqueued to, in the metering transaction (none: no e-mails). */
  jobs?: JobQueue | null;
  /** How the chunks are written; by default in steps on the embedded database (chunk-writes.ts). */
  chunkWrites?: ChunkWriteMode;
  /** How long a step may take (default STEP_BUDGET_MS); tests take many small ones. */
  stepBudgetMs?: number;
}

const EMBED_BATCH = 64;

/** A failure the customer must fix (bad file, unreachable page): retrying would not help. */
export class PermanentIngestError extends Error {
  override name = 'PermanentIngestError';
}

/**
 * Turns one source into chunks. Everything slow (fetch, parse, embed) happens first; the chunks are written under
 * the run's own write id, in the transaction that makes the source ready or before it in short ones that searches
 * do not see (ChunkWriteMode). That transaction names the write as the source's and deletes every other chunk of the
 * source, and only if the source is still at the job's version — so a crash or a retry never leaves half-written or
 * duplicate chunks in the answers.
 */
export async function processSource(deps: IngestDeps, job: IngestJobData): Promise<'done' | 'stale'> {
  const { db } = deps.database;
  const [source] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, job.sourceId));
  if (!source || source.version !== job.version) return 'stale';
  // A retry of a run that outlived its job's timeout, after that run finished: the version is done already.
  if (source.status === 'ready') return 'stale';
  const [chatbot] = await db.select().from(chatbots).where(eq(chatbots.id, source.chatbotId));
  if (!chatbot) return 'stale';
  const settings = await readSystemConfiguration(db);
  const maxBytes = settings.maxDocumentSizeMb * 1024 * 1024;

  const setProgress = (progress: number) =>
    db
      .update(knowledgeSources)
      .set({ status: 'processing', progress, error: null, updatedAt: new Date() })
      .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.version, job.version), ne(knowledgeSources.status, 'ready')));

  await setProgress(5);
  let document: SourceDocument | null;
  try {
    document = await readSourceDocument(source, { timeoutMs: deps.fetchTimeoutMs, maxBytes, allowPrivateNetworks: deps.allowPrivateNetworks });
  } catch (error) {
    if (error instanceof FetchGuardError) throw new PermanentIngestError(error.message);
    throw error;
  }
  if (!document) throw new PermanentIngestError('The source has no content.');
  const { data, filename, mimeType } = document;

  const chunking = { strategy: chatbot.chunkingStrategy, chunkSize: chatbot.chunkSize, chunkOverlap: chatbot.chunkOverlap };
  let prepared: Awaited<ReturnType<typeof extractAndChunkOffThread>>;
  try {
    // Read and chunked in a worker thread: seconds of CPU for a large file, which requests must not wait through.
    prepared = await extractAndChunkOffThread(
      {
        data: new Uint8Array(data),
        filename,
        mimeType,
        maxBytes,
        maxExpandedBytes: settings.maxExpandedDocumentMb * 1024 * 1024,
        maxTextCharacters: settings.maxDocumentTextMb * 1_000_000,
      },
      chunking,
    );
  } catch (error) {
    if (error instanceof DocumentError) throw new PermanentIngestError(error.message);
    throw error;
  }
  const { text } = prepared.document;
  // What processing will charge: checked now, before the embedding's work, and again where it is metered.
  const charge = await deps.meter.storageCharge(text);
  const toCharge = Math.max(0, charge.tokens - source.billedTokens);
  if (toCharge > 0) await refuseUnaffordable(db, chatbot.organizationId, toCharge);
  await setProgress(20);

  // In n8n's processing mode its chunks stand instead of the built-in chunker's.
  const external = await deps.chunkSource?.({ text, filename, mimeType, sizeBytes: data.byteLength, source, chatbot }).catch((error: unknown) => {
    // n8n failed the document after its own retries and may not fall back: a job retry would only ask it again.
    throw error instanceof N8nIngestError ? new PermanentIngestError(error.message) : error;
  });
  const chunks = external ?? prepared.chunks;
  if (chunks.length === 0) throw new PermanentIngestError('No text could be read from this source.');
  await setProgress(30);

  const embedder = deps.embedderFor(chatbot);
  const mode = deps.chunkWrites ?? defaultChunkWriteMode(deps.database);
  // In steps the writing takes most of the time on a large index, so it gets its share of the progress bar.
  const embedShare = mode === 'steps' ? 30 : 60;
  const writeId = randomUUID();
  const rows: (typeof documentChunks.$inferInsert)[] = [];
  for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
    const batch = chunks.slice(i, i + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map((c) => c.text));
    // Each batch's rows are made with it: writing 384 numbers as text, for thousands of chunks at once, held the event
    // loop for seconds.
    batch.forEach((chunk, j) =>
      rows.push({
        sourceId: source.id,
        chatbotId: chatbot.id,
        writeId,
        chunkIndex: chunk.index,
        content: chunk.text,
        tokenCount: chunk.tokenCount,
        embedding: vectorLiteral(deps.database.vectorSearch, vectors[j]!) as unknown as number[],
        embeddingDimensions: embedder.dimensions,
      }),
    );
    await setProgress(30 + Math.round((embedShare * Math.min(chunks.length, i + EMBED_BATCH)) / chunks.length));
    // Embedding is CPU work; on the embedded database nothing else in the loop would let requests in between batches.
    await yieldToEventLoop();
  }

  // Processing a document is metered as storage tokens, in the same transaction that makes the source ready. A source
  // is charged for its text once: processing it again charges only what its text costs beyond what it was charged.
  const publish = () =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: knowledgeSources.version, status: knowledgeSources.status, billedTokens: knowledgeSources.billedTokens })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.id, source.id))
        .for('update');
      // Another run of the same version (pg-boss retries a job past its timeout while the first run goes on) finished
      // first: its chunks, storage tokens and document.processed stand, once.
      if (!current || current.version !== job.version || current.status === 'ready') return 'stale' as const;
      const storageTokens = Math.max(0, charge.tokens - current.billedTokens);
      // The month's use, locked: a document that costs more than the allowance left and the token balance is refused
      // here whatever the screen showed (the source fails with both figures; nothing is metered).
      const usedBefore = storageTokens > 0 ? await lockMonthUsage(tx, chatbot.organizationId) : 0;
      const limit = storageTokens > 0 ? (await organizationTier(tx, chatbot.organizationId)).monthlyTokenLimit : UNLIMITED;
      if (storageTokens > 0) await refuseUnaffordable(tx, chatbot.organizationId, storageTokens, { used: usedBefore, limit });
      if (mode === 'one-transaction') {
        for (let i = 0; i < rows.length; i += 200) await tx.insert(documentChunks).values(rows.slice(i, i + 200));
      } else if ((await writtenChunks(tx, source.id, writeId)) !== rows.length) {
        // Some of the steps' chunks are gone (nothing in Parley deletes them while the source waits for them): the source
        // is not made ready without them, and the job is retried.
        throw new Error('chunks of this processing run are missing; it will be retried');
      }
      // The chunks of earlier processings, and of runs that did not finish, give way to this run's.
      await tx.delete(documentChunks).where(and(eq(documentChunks.sourceId, source.id), sql`${documentChunks.writeId} IS DISTINCT FROM ${writeId}`));
      const [ready] = await tx
        .update(knowledgeSources)
        .set({
          status: 'ready',
          progress: 100,
          error: null,
          chunkCount: chunks.length,
          tokenCount: chunks.reduce((s, c) => s + c.tokenCount, 0),
          chunksWriteId: writeId,
          ...(storageTokens > 0
            ? {
                billedTokens: current.billedTokens + storageTokens,
                billedCharacters: charge.characters,
                billedTokensPerCharacter: charge.tokensPerCharacter,
                billedMultiplier: charge.multiplier,
              }
            : {}),
          // A web page's size is known once it is fetched.
          ...(source.kind === 'url' ? { sizeBytes: data.byteLength } : {}),
          processedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(knowledgeSources.id, source.id))
        .returning();
      if (storageTokens > 0) {
        const metered = await meterTokens(tx, {
          organizationId: chatbot.organizationId,
          rows: [{ chatbotId: chatbot.id, sourceId: source.id, tokenType: 'embedding', tokens: storageTokens }],
          limit,
          usedBefore,
          reference: `overage:source:${source.id}:${job.version}`,
          detail: `Document ${source.name}`,
        });
        await noticeUsageThresholds(tx, { jobs: deps.jobs }, chatbot.organizationId, {
          use: { usedBefore: metered.usedBefore, limit, metered: storageTokens },
        });
      }
      await emitWebhookEvent(tx, { organizationId: chatbot.organizationId, type: 'document.processed', data: documentProcessedData(ready!) });
      // Searches may see the chunks from the commit on: nothing else can use the embedded database's one connection
      // before it, so no search finds the source's chunks both old and new, or neither.
      if (mode === 'steps') forgetWrite(deps.database, chatbot.id, writeId);
      return 'done' as const;
    });
  const outcome =
    mode === 'steps'
      ? await writeInSteps(deps.database, { sourceId: source.id, chatbotId: chatbot.id, version: job.version, writeId, rows, publish }, deps.stepBudgetMs)
      : await publish();

  // The source is done whatever happens here: a failed compaction leaves the counts right, only less compact.
  if (outcome === 'done') {
    // A size first used since start-up gets its HNSW index, built in the background; searches are exact until then.
    void deps.database
      .indexEmbeddingSize(embedder.dimensions)
      .catch((error: unknown) => deps.log.warn({ err: error, dimensions: embedder.dimensions }, 'the vector index of this embedding size could not be built'));
    await compactTermCounts(db, chatbot.id).catch((error: unknown) => deps.log.warn({ err: error }, 'term counts not compacted'));
  }
  return outcome;
}

/**
 * Refuses (a PermanentIngestError: the source fails with the message) a document that costs more than what is left
 * of the month's allowance and the token balance together (decisions/0032-tokens-metering-ledger-and-document-cost.md).
 * `figures`: the month's use and limit the caller read under the month's lock.
 */
async function refuseUnaffordable(db: Db, organizationId: string, tokens: number, figures?: { used: number; limit: number }): Promise<void> {
  const { used, limit } = figures ?? (await allowanceAndBalance(db, organizationId));
  if (limit === UNLIMITED) return;
  const allowanceLeft = Math.max(0, limit - used);
  if (tokens <= allowanceLeft) return;
  const tokenBalanceLeft = await tokenBalance(db, organizationId);
  const costFigures = { tokens, monthlyLimit: limit, allowanceLeft, tokenBalance: tokenBalanceLeft };
  if (!documentCostShare(costFigures).fits) throw new PermanentIngestError(documentCostRefusal(costFigures));
}

/** Marks a source failed with a reason the customer can read. */
export async function markSourceFailed(database: Database, job: IngestJobData, reason: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(knowledgeSources)
      .set({ status: 'failed', error: reason.slice(0, 500), updatedAt: new Date() })
      // A late failing duplicate run does not undo a finished one.
      .where(and(eq(knowledgeSources.id, job.sourceId), eq(knowledgeSources.version, job.version), ne(knowledgeSources.status, 'ready')))
      .returning();
    if (failed) await emitWebhookEvent(tx, { organizationId: failed.organizationId, type: 'document.failed', data: documentFailedData(failed) });
  });
}
