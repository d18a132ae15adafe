import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/raw-sql';
import { chunkTermCounts } from '../db/schema/index';

/**
 * Moves the full-text index's pending entries into its tree. GIN indexes take new entries into a pending list that
 * every search reads through and the planner counts against the index; only (auto)vacuum empties it, and PGlite has
 * no autovacuum: after a few documents searches read the whole table instead (8,674 chunks: 200–300 ms for a
 * question's candidates instead of 1–5 ms, decisions/0010-hybrid-retrieval.md). Run with compactTermCounts, after chunks are written.
 */
export async function flushSearchIndex(db: Db): Promise<void> {
  await db.execute(sql`SELECT gin_clean_pending_list('document_chunks_search_idx'::regclass)`);
}

/**
 * Folds a chatbot's term-count changes (chunk_term_counts: a row per term for each statement that stored or removed
 * chunks) into one row per term, and drops the terms no chunk holds any more. Run after a source's chunks are
 * written or removed, outside that transaction. Changes still uncommitted elsewhere are not seen and stay as they
 * are, so the sums never change; one compaction per chatbot runs at a time (another finds the lock taken and leaves).
 */
export async function compactTermCounts(db: Db, chatbotId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext(${`chunk-term-counts:${chatbotId}`})) AS locked`),
    );
    if (!lock?.locked) return;
    await tx.execute(sql`
      WITH folded AS (
        SELECT term FROM ${chunkTermCounts} WHERE chatbot_id = ${chatbotId} GROUP BY term HAVING count(*) > 1 OR sum(chunks) = 0
      ), gone AS (
        DELETE FROM ${chunkTermCounts} c USING folded WHERE c.chatbot_id = ${chatbotId} AND c.term = folded.term RETURNING c.term, c.chunks
      )
      INSERT INTO ${chunkTermCounts} (chatbot_id, term, chunks)
      SELECT ${chatbotId}, term, sum(chunks) FROM gone GROUP BY term HAVING sum(chunks) <> 0`);
  });
  await flushSearchIndex(db);
}
