import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentChunks, knowledgeSources } from '../../db/schema/index';
import { cosineDistance } from '../../db/vector';
import { LOCAL_EMBEDDER_MODEL } from '../../rag/embedders/local';
import type { Embedder } from '../../rag/embedders/types';
import { reciprocalRankFusion } from '../../rag/fusion';
import { withoutUnfinishedWrites } from '../knowledge-sources/chunk-writes';
import { fullTextQuery, rankByBm25 } from './bm25';

export interface Passage {
  chunkId: string;
  sourceId: string;
  sourceName: string;
  text: string;
  score: number;
}

/**
 * How the two halves are fused (weighted reciprocal-rank fusion), chosen on public data (bench/retrieval-quality.ts,
 * docs/performance.md "Retrieval quality", decisions §91).
 */
export const FUSION = {
  /** RRF's k: how fast a list's say falls with rank. */
  k: 60,
  /** The vector half's weight against the BM25 half's 1, for a sentence-embedding model's vectors. */
  modelVectorWeight: 1,
  /**
   * The hashing embedder's vectors hash the same words the full-text half matches, only with collisions: at an equal
   * say they pushed the full-text half's better passages out, so they keep half of it.
   */
  hashingVectorWeight: 0.5,
  /** How many candidates each half hands the fusion, for a topK. */
  candidates: (topK: number) => Math.max(20, topK * 4),
} as const;

/** The vector half's weight for an embedder's vectors (FUSION). */
export function vectorWeightFor(embedder: Pick<Embedder, 'provider' | 'model'>): number {
  return embedder.provider === 'local' && embedder.model === LOCAL_EMBEDDER_MODEL ? FUSION.hashingVectorWeight : FUSION.modelVectorWeight;
}

/** The vector half: the chatbot's chunks nearest the question's vector (HNSW where pgvector is), with their cosine similarity. */
export async function vectorCandidates(
  database: Database,
  input: { chatbotId: string; queryVector: readonly number[]; dimensions: number; limit: number; only?: SQL },
): Promise<{ id: string; similarity: number }[]> {
  const distance = cosineDistance(
    database.vectorSearch,
    sql`${documentChunks.embedding}`,
    input.queryVector,
    database.vectorIndexes.formFor(input.queryVector.length),
  );
  const scope = and(eq(documentChunks.chatbotId, input.chatbotId), eq(documentChunks.embeddingDimensions, input.dimensions), input.only);
  // ef_search and iterative scans (enough rows of this chatbot) are set on every connection (HNSW_SESSION_SETTINGS).
  const rows = await database.db.select({ id: documentChunks.id, distance }).from(documentChunks).where(scope).orderBy(distance).limit(input.limit);
  return rows.map((row) => ({ id: row.id, similarity: 1 - Number(row.distance) }));
}

/**
 * Hybrid retrieval scoped to ONE chatbot: nearest neighbours by embedding and BM25 full-text matches, fused by
 * weighted reciprocal rank. Every query filters on chatbot_id, so one customer's documents never reach another's
 * answers.
 */
export async function retrievePassages(
  database: Database,
  input: {
    chatbotId: string;
    question: string;
    embedder: Embedder;
    topK: number;
    /** The vector half's weight in the fusion; by default vectorWeightFor(embedder). */
    vectorWeight?: number;
  },
): Promise<Passage[]> {
  const { db } = database;
  const candidates = FUSION.candidates(input.topK);
  // The chunks a document's processing is still writing on the embedded database are left out (chunk-writes.ts).
  const only = withoutUnfinishedWrites(database, input.chatbotId);
  const [[queryVector], query] = await Promise.all([input.embedder.embed([input.question]), fullTextQuery(db, input.chatbotId, input.question)]);
  const byVector = await vectorCandidates(database, {
    chatbotId: input.chatbotId,
    queryVector: queryVector!,
    dimensions: input.embedder.dimensions,
    limit: candidates,
    only,
  });
  const byText = await rankByBm25(db, input.chatbotId, query, candidates, only);

  const fused = reciprocalRankFusion([byVector.map((r) => r.id), byText.map((r) => r.id)], {
    k: FUSION.k,
    limit: input.topK,
    weights: [input.vectorWeight ?? vectorWeightFor(input.embedder), 1],
  });
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
