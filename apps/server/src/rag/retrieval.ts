import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { documentChunks, knowledgeSources } from '../db/schema/index';
import { cosineDistance } from '../db/vector';
import { LOCAL_EMBEDDER_MODEL } from './embedders/local';
import type { Embedder } from './embedders/types';
import { withoutUnfinishedWrites } from './chunk-writes';
import { fullTextQuery, rankByBm25 } from './bm25';

export interface Passage {
  chunkId: string;
  sourceId: string;
  sourceName: string;
  text: string;
  score: number;
}

/**
 * How the two halves are fused, chosen on public data (bench/retrieval-quality.ts, docs/performance.md "Retrieval
 * quality", decisions/0010-hybrid-retrieval.md): each half's scores are scaled to 0–1 over its candidates (min-max) and added with these
 * shares (a convex combination); a chunk only one half found gets 0 from the other. On BEIR ArguAna with
 * all-MiniLM-L6-v2 this beat every weighted reciprocal-rank fusion tried, and shares of 0.3–0.5 for the vectors
 * were within 0.004 nDCG@10 of one another: the middle of that plateau is taken, not its best point on one set.
 */
export const FUSION = {
  /** The vector half's share for a sentence-embedding model's vectors (the BM25 half has the rest). */
  modelVectorShare: 0.4,
  /**
   * The hashing embedder's vectors hash the same words the full-text half matches, only with collisions: they get a
   * smaller share, and lift what both halves found.
   */
  hashingVectorShare: 0.25,
  /** How many candidates each half hands the fusion, for a topK: the scaling needs a list longer than the answer. */
  candidates: (topK: number) => Math.max(100, topK * 4),
} as const;

/** The vector half's share for an embedder's vectors (FUSION). */
export function vectorShareFor(embedder: Pick<Embedder, 'provider' | 'model'>): number {
  return embedder.provider === 'local' && embedder.model === LOCAL_EMBEDDER_MODEL ? FUSION.hashingVectorShare : FUSION.modelVectorShare;
}

/**
 * A convex combination of two scored lists, each min-max scaled over its own candidates (a list of one scales to 1);
 * best first, ties in the order the ids were first seen (vector list, then BM25 list).
 */
export function fuseByScore(
  lists: readonly (readonly { id: string; score: number }[])[],
  shares: readonly number[],
  limit: number,
): { id: string; score: number }[] {
  const fused = new Map<string, number>();
  lists.forEach((list, i) => {
    const scores = list.map((entry) => entry.score);
    const max = Math.max(...scores);
    const min = Math.min(...scores);
    for (const entry of list) {
      const scaled = max > min ? (entry.score - min) / (max - min) : 1;
      fused.set(entry.id, (fused.get(entry.id) ?? 0) + shares[i]! * scaled);
    }
  });
  return [...fused]
    .map(([id, score], order) => ({ id, score, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ id, score }) => ({ id, score }));
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
 * Hybrid retrieval scoped to ONE chatbot: nearest neighbours by embedding and BM25 full-text matches, fused by their
 * scaled scores (FUSION). Every query filters on chatbot_id, so one customer's documents never reach another's
 * answers.
 */
export async function retrievePassages(
  database: Database,
  input: {
    chatbotId: string;
    question: string;
    embedder: Embedder;
    topK: number;
    /** The vector half's share in the fusion; by default vectorShareFor(embedder). */
    vectorShare?: number;
  },
): Promise<Passage[]> {
  const { db } = database;
  const candidates = FUSION.candidates(input.topK);
  // The chunks a document's processing is still writing on the embedded database are left out (chunk-writes.ts).
  const only = withoutUnfinishedWrites(database, input.chatbotId);
  const [[queryVector], query] = await Promise.all([input.embedder.embed([input.question]), fullTextQuery(db, input.chatbotId, input.question)]);
  // The halves are independent: on PostgreSQL they run on two connections at once.
  const [byVector, byText] = await Promise.all([
    vectorCandidates(database, { chatbotId: input.chatbotId, queryVector: queryVector!, dimensions: input.embedder.dimensions, limit: candidates, only }),
    rankByBm25(db, input.chatbotId, query, candidates, only),
  ]);

  const share = input.vectorShare ?? vectorShareFor(input.embedder);
  const fused = fuseByScore([byVector.map((r) => ({ id: r.id, score: r.similarity })), byText], [share, 1 - share], input.topK);
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
