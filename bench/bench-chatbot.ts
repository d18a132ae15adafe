import type { Database, Db } from '../apps/server/src/db/client';
import { documentChunks, type chatbots } from '../apps/server/src/db/schema/index';
import { vectorLiteral } from '../apps/server/src/db/vector';
import { insertChatbotRows } from '../apps/server/src/test/chatbot-rows';

/** An organization with one chatbot (the table's defaults unless `values` says otherwise), for a benchmark's data. */
export async function createBenchChatbot(db: Db, values: Partial<typeof chatbots.$inferInsert> = {}) {
  return insertChatbotRows(db, { organization: { name: 'bench' }, chatbot: { name: 'bench', ...values } });
}

/** Stores a benchmark's chunks (texts and their vectors) for a source, numbered from `from`. */
export async function insertBenchChunks(
  database: Database,
  target: { sourceId: string; chatbotId: string },
  from: number,
  texts: readonly string[],
  vectors: readonly number[][],
): Promise<void> {
  await database.db.insert(documentChunks).values(
    texts.map((content, j) => ({
      ...target,
      chunkIndex: from + j,
      content,
      tokenCount: 60,
      embedding: vectorLiteral(database.vectorSearch, vectors[j]!) as unknown as number[],
      embeddingDimensions: vectors[j]!.length,
    })),
  );
}
