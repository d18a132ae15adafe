import { and, count, eq, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/raw-sql';
import { documentChunks, knowledgeSources } from '../db/schema/index';

/**
 * How a processing run writes a source's chunks (decisions/0033-ingestion-without-stalling-the-server.md):
 * - `one-transaction` — all of them with the source made ready, in one transaction. On PostgreSQL a transaction
 *   blocks nobody else's reads, so this is the simplest correct way.
 * - `steps` — the embedded database has one connection: a transaction holds every other query until it ends, and
 *   writing into a large HNSW graph costs tens of milliseconds a chunk (docs/performance.md), so a document written
 *   in one transaction would hold chats for seconds. The chunks are written in short transactions instead, hidden
 *   from searches, and the source names them as its own in a last short transaction.
 */
export type ChunkWriteMode = 'one-transaction' | 'steps';

export const defaultChunkWriteMode = (database: Database): ChunkWriteMode => (database.driver === 'pglite' ? 'steps' : 'one-transaction');

/**
 * How long one step's transaction may hold the embedded database, roughly: the steps are sized from the time the
 * last one took per chunk (at least one chunk), and a request that arrives during a step waits for it. 20 rather than
 * 50: chats arriving every 40 ms queued behind steps of 50 (docs/performance.md, "Chats while a document is written").
 */
export const STEP_BUDGET_MS = 20;
const FIRST_STEP_CHUNKS = 8;
const MAX_STEP_CHUNKS = 200;

/**
 * Lets the event loop run what is waiting (requests that arrived, timers) before going on. PGlite answers a query
 * without any I/O the event loop sees, so a job that runs query after query would otherwise keep every request
 * waiting until it is done, however short its transactions.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The next step's size: as many chunks as the last step's pace fits in the budget, at least one. */
export function nextStepSize(lastChunks: number, lastMs: number, budgetMs = STEP_BUDGET_MS): number {
  if (lastChunks === 0) return FIRST_STEP_CHUNKS;
  const perChunk = Math.max(lastMs, 0.01) / lastChunks;
  return Math.min(MAX_STEP_CHUNKS, Math.max(1, Math.floor(budgetMs / perChunk)));
}

/**
 * The writes being made in steps, by chatbot: searches leave their chunks out. Only the process writing them can
 * hold them — steps are made on the embedded database, which one process owns — so memory is enough; a write a
 * stopped process left is discarded at the next start (discardUnfinishedChunkWrites).
 */
const unfinished = new WeakMap<Database, Map<string, Set<string>>>();

function writesOf(database: Database): Map<string, Set<string>> {
  let byChatbot = unfinished.get(database);
  if (!byChatbot) unfinished.set(database, (byChatbot = new Map()));
  return byChatbot;
}

/** Hides a write's chunks from the chatbot's searches until `forget`. */
function hideWrite(database: Database, chatbotId: string, writeId: string): void {
  const byChatbot = writesOf(database);
  byChatbot.set(chatbotId, (byChatbot.get(chatbotId) ?? new Set()).add(writeId));
}

export function forgetWrite(database: Database, chatbotId: string, writeId: string): void {
  const writes = unfinished.get(database)?.get(chatbotId);
  writes?.delete(writeId);
  if (writes?.size === 0) unfinished.get(database)!.delete(chatbotId);
}

/**
 * The condition that keeps a chatbot's unfinished writes out of a search of document_chunks, or undefined when it
 * has none (nearly always: the search is then exactly what it was).
 */
export function withoutUnfinishedWrites(database: Database, chatbotId: string): SQL | undefined {
  const writes = unfinished.get(database)?.get(chatbotId);
  if (!writes?.size) return undefined;
  return or(isNull(documentChunks.writeId), notInArray(documentChunks.writeId, [...writes]));
}

/** How many chunks of this write are stored. */
export async function writtenChunks(db: Db, sourceId: string, writeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documentChunks)
    .where(and(eq(documentChunks.sourceId, sourceId), eq(documentChunks.writeId, writeId)));
  return Number(row?.n ?? 0);
}

/**
 * Deletes the chunks of writes that never finished: chunks of a source not ready, other than the write the source
 * names (its chunks from an earlier processing stay, as they would after a failed one). Run before ingestion jobs
 * start: a process that stopped mid-document leaves its steps, and its job writes the document again.
 */
export async function discardUnfinishedChunkWrites(db: Db): Promise<number> {
  const result = await db.execute(sql`
    WITH gone AS (
      DELETE FROM ${documentChunks} c USING ${knowledgeSources} s
       WHERE c.source_id = s.id AND s.status <> 'ready' AND c.write_id IS DISTINCT FROM s.chunks_write_id
      RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Writes a run's chunks in steps of about STEP_BUDGET_MS each, hidden from the chatbot's searches, with the event
 * loop let through between them (yieldToEventLoop), then `publish`es them: the transaction that names the write as
 * the source's, and forgets it as its last statement (forgetWrite). A step first checks that the source still wants
 * this version: a deleted, re-requested or already finished source stops the run. A run that stops or fails deletes
 * what it wrote; should that fail too, its chunks stay hidden until the next start discards them.
 */
export async function writeInSteps(
  database: Database,
  input: {
    sourceId: string;
    chatbotId: string;
    version: number;
    writeId: string;
    rows: (typeof documentChunks.$inferInsert)[];
    publish: () => Promise<'done' | 'stale'>;
  },
  budgetMs = STEP_BUDGET_MS,
): Promise<'done' | 'stale'> {
  const { db } = database;
  const { sourceId, chatbotId, version, writeId, rows } = input;
  hideWrite(database, chatbotId, writeId);
  let outcome: 'done' | 'stale' | undefined;
  try {
    let written = 0;
    let size = nextStepSize(0, 0, budgetMs);
    while (written < rows.length) {
      const step = rows.slice(written, written + size);
      const started = performance.now();
      const wanted = await db.transaction(async (tx) => {
        const [source] = await tx
          .select({ version: knowledgeSources.version, status: knowledgeSources.status })
          .from(knowledgeSources)
          .where(eq(knowledgeSources.id, sourceId));
        if (!source || source.version !== version || source.status === 'ready') return false;
        await tx.insert(documentChunks).values(step);
        // Progress from 60 to 99 while writing (the embedding took it to 60).
        const progress = 60 + Math.floor((39 * (written + step.length)) / rows.length);
        await tx.update(knowledgeSources).set({ progress, updatedAt: new Date() }).where(eq(knowledgeSources.id, sourceId));
        return true;
      });
      if (!wanted) return (outcome = 'stale');
      written += step.length;
      size = nextStepSize(step.length, performance.now() - started, budgetMs);
      await yieldToEventLoop();
    }
    return (outcome = await input.publish());
  } finally {
    if (outcome !== 'done')
      await db
        .delete(documentChunks)
        .where(and(eq(documentChunks.sourceId, sourceId), eq(documentChunks.writeId, writeId)))
        .then(
          () => forgetWrite(database, chatbotId, writeId),
          () => undefined,
        );
  }
}
