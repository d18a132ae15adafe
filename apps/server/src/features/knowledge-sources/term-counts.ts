import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { chunkTermCounts } from '../../db/schema/index';

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
}
