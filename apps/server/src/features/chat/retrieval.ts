import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentChunks, knowledgeSources } from '../../db/schema/index';
import { cosineDistance, HNSW_EF_SEARCH } from '../../db/vector';
import type { Embedder } from '../../rag/embedders/types';
import { reciprocalRankFusion } from '../../rag/fusion';
import { contentTerms } from '../../rag/text-terms';

export interface Passage {
  chunkId: string;
  sourceId: string;
  sourceName: string;
  text: string;
  score: number;
}

/**
 * The question's content words (stop words dropped, light stemming) as prefix terms of an
 * OR full-text query — "refunds" finds "refund" and "refunded". Letters and digits only,
 * so nothing reaches to_tsquery's syntax.
 */
export function fullTextQuery(question: string): string | null {
  const words = contentTerms(question)
    .map((term) => term.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((term) => term.length >= 2);
  return words.length
    ? [...new Set(words)]
        .slice(0, 16)
        .map((w) => `${w}:*`)
        .join(' | ')
    : null;
}

/**
 * Hybrid retrieval scoped to ONE chatbot: nearest neighbours by embedding and full-text
 * matches, fused by reciprocal rank. Every query filters on chatbot_id, so one customer's
 * documents never reach another's answers.
 */
export async function retrievePassages(
  database: Database,
  input: { chatbotId: string; question: string; embedder: Embedder; topK: number },
): Promise<Passage[]> {
  const { db, vectorSearch } = database;
  const candidates = Math.max(20, input.topK * 4);
  const [queryVector] = await input.embedder.embed([input.question]);
  const distance = cosineDistance(vectorSearch, sql`${documentChunks.embedding}`, queryVector!);
  const scope = and(eq(documentChunks.chatbotId, input.chatbotId), eq(documentChunks.embeddingDimensions, input.embedder.dimensions));

  const byVector = await db.transaction(async (tx) => {
    // Keep scanning the HNSW index until enough rows of this chatbot are found (pgvector ≥ 0.8).
    if (vectorSearch === 'pgvector') {
      await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
      await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${HNSW_EF_SEARCH}`));
    }
    return tx.select({ id: documentChunks.id }).from(documentChunks).where(scope).orderBy(distance).limit(candidates);
  });

  const query = fullTextQuery(input.question);
  const byText = query
    ? await db
        .select({ id: documentChunks.id })
        .from(documentChunks)
        .where(and(eq(documentChunks.chatbotId, input.chatbotId), sql`${documentChunks.searchVector} @@ to_tsquery('simple', ${query})`))
        .orderBy(sql`ts_rank(${documentChunks.searchVector}, to_tsquery('simple', ${query})) DESC`)
        .limit(candidates)
    : [];

  const fused = reciprocalRankFusion([byVector.map((r) => r.id), byText.map((r) => r.id)], { limit: input.topK });
  if (fused.length === 0) return [];
  const rows = await db
    .select({ id: documentChunks.id, sourceId: documentChunks.sourceId, content: documentChunks.content, sourceName: knowledgeSources.name })
    .from(documentChunks)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, documentChunks.sourceId))
    .where(
      and(
        eq(documentChunks.chatbotId, input.chatbotId),
        inArray(
          documentChunks.id,
          fused.map((f) => f.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return fused.flatMap((f) => {
    const row = byId.get(f.id);
    return row ? [{ chunkId: row.id, sourceId: row.sourceId, sourceName: row.sourceName, text: row.content, score: f.score }] : [];
  });
}
