import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-sql';
import { chunkTermCounts, documentChunks } from '../db/schema/index';

/**
 * The full-text half of retrieval: Okapi BM25 over a chatbot's chunks, computed in the database from what it stores
 * (decisions/0010-hybrid-retrieval.md). A chunk's words are its `search_vector` (snowball 'english' stemming, stop words dropped), a
 * word's count in the chunk is the number of its positions there, the chunk's length is `search_length`; how many of
 * the chatbot's chunks hold a word, how many chunks it has and their total length are in `chunk_term_counts`. So
 * every node ranks alike, and a document stored on one is ranked on all the others at once.
 */

/** Term-frequency saturation and length normalisation: the textbook values (Robertson; Lucene's defaults). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** The totals' rows in chunk_term_counts (migration 0022): no lexeme starts with a space. */
const TOTAL_CHUNKS = ' chunks';
const TOTAL_LENGTH = ' length';

/**
 * The most words of a question that rank chunks: the heaviest (rarest, most repeated). A question of a paragraph
 * keeps what distinguishes it; the ranking statement stays small.
 */
export const MAX_QUERY_TERMS = 64;

/**
 * How many chunks the ranking may score, roughly: it reads the words of every candidate, so its cost grows with
 * them (docs/performance.md, "Retrieval"). The candidates are the chunks holding the question's rarer words.
 */
export const FULL_TEXT_CANDIDATE_BUDGET = 1000;

export interface QueryTerm {
  /** The lexeme, as the chunks' search_vector holds it. */
  term: string;
  /** How often the question says it. */
  count: number;
  /** How many of the chatbot's chunks hold it. */
  chunks: number;
}

export interface CollectionTotals {
  chunks: number;
  averageLength: number;
}

export interface WeightedTerm {
  term: string;
  /** Inverse document frequency times the question's count of it. */
  weight: number;
  chunks: number;
}

/** Robertson–Spärck Jones inverse document frequency, kept positive as Lucene does: ln(1 + (N − n + ½) / (n + ½)). */
export function inverseDocumentFrequency(chunksWithTerm: number, totalChunks: number): number {
  return Math.log(1 + (totalChunks - chunksWithTerm + 0.5) / (chunksWithTerm + 0.5));
}

/**
 * The question's words (the same stemming as the chunks', in the database) with how often it says each and how many
 * of the chatbot's chunks hold it, and the chatbot's totals: one statement.
 */
export async function questionStatistics(db: Database['db'], chatbotId: string, question: string): Promise<{ terms: QueryTerm[]; totals: CollectionTotals }> {
  const result = await db.execute(sql`
    WITH question AS (
      SELECT lexeme AS term, coalesce(array_length(positions, 1), 1) AS count FROM unnest(to_tsvector('english'::regconfig, ${question}))
      UNION ALL SELECT ${TOTAL_CHUNKS}, 0
      UNION ALL SELECT ${TOTAL_LENGTH}, 0
    )
    SELECT q.term, q.count, coalesce((
      SELECT sum(c.chunks) FROM ${chunkTermCounts} c WHERE c.chatbot_id = ${chatbotId} AND c.term = q.term
    ), 0)::float8 AS chunks
    FROM question q`);
  const rows = rowsOf<{ term: string; count: number; chunks: number }>(result);
  const total = (name: string) => Number(rows.find((row) => row.term === name && row.count === 0)?.chunks ?? 0);
  const chunks = total(TOTAL_CHUNKS);
  const terms = rows.filter((row) => row.count > 0).map((row) => ({ term: row.term, count: Number(row.count), chunks: Number(row.chunks) }));
  return { terms, totals: { chunks, averageLength: chunks > 0 ? total(TOTAL_LENGTH) / chunks : 0 } };
}

/** The question's words that some chunk holds, weighted by BM25's idf and their count, the heaviest MAX_QUERY_TERMS. */
export function weighTerms(terms: readonly QueryTerm[], totals: CollectionTotals): WeightedTerm[] {
  return terms
    .filter((t) => t.chunks > 0)
    .map((t) => ({ term: t.term, chunks: t.chunks, weight: inverseDocumentFrequency(t.chunks, totals.chunks) * t.count }))
    .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
    .slice(0, MAX_QUERY_TERMS);
}

/** A lexeme as a tsquery operand, quoted so nothing in it is read as tsquery syntax (and not stemmed again). */
export function lexemeQuery(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Which chunks are scored, as tsqueries in tiers: the chunks of a tier come before those of the next, and a tier is
 * read only while the earlier ones found fewer chunks than asked. The rarest words pick the candidates while the
 * chunks they match (the sum of their counts, an upper bound) stay within the budget: words most chunks share say
 * little about which chunk answers, and the candidates are still scored by every word. When even the rarest word is
 * past the budget (every word of the question is common), the chunks holding both of the two rarest come first, then
 * the rarest word's others.
 */
export function chooseCandidateQueries(terms: readonly Pick<WeightedTerm, 'term' | 'chunks'>[], budget = FULL_TEXT_CANDIDATE_BUDGET): string[] {
  const present = terms.filter((t) => t.chunks > 0).sort((a, b) => a.chunks - b.chunks || a.term.localeCompare(b.term));
  const chosen: string[] = [];
  let matched = 0;
  for (const { term, chunks } of present) {
    if (chosen.length > 0 && matched + chunks > budget) break;
    chosen.push(term);
    matched += chunks;
  }
  if (chosen.length === 0) return [];
  const rarest = lexemeQuery(chosen[0]!);
  if (chosen.length > 1 || present[0]!.chunks <= budget || present.length === 1) return [chosen.map(lexemeQuery).join(' | ')];
  return [`${rarest} & ${lexemeQuery(present[1]!.term)}`, rarest];
}

export interface FullTextQuery {
  candidateQueries: string[];
  weights: WeightedTerm[];
  totals: CollectionTotals;
}

/** What the full-text half searches for a question: its weighted words and the candidates' tiers. */
export async function fullTextQuery(db: Database['db'], chatbotId: string, question: string): Promise<FullTextQuery> {
  const { terms, totals } = await questionStatistics(db, chatbotId, question);
  const weights = weighTerms(terms, totals);
  return { candidateQueries: chooseCandidateQueries(weights), weights, totals };
}

export interface RankedChunk {
  id: string;
  score: number;
}

/**
 * The chatbot's chunks matching the candidate tiers, the best `limit` by BM25 over all the weighted words, tier by
 * tier, in one statement: PostgreSQL's Append reads a branch only while the LIMIT above it still wants rows, so a
 * later tier costs nothing when an earlier one filled the list. A tier leaves out what the earlier tiers matched.
 */
export async function rankByBm25(
  db: Database['db'],
  chatbotId: string,
  { candidateQueries, weights, totals }: FullTextQuery,
  limit: number,
  /** A further condition on the chunks (the writes not yet finished, withoutUnfinishedWrites). */
  only?: SQL,
): Promise<RankedChunk[]> {
  if (candidateQueries.length === 0 || weights.length === 0 || totals.averageLength <= 0) return [];
  const terms = sql`ARRAY[${sql.join(
    weights.map((w) => sql`${w.term}`),
    sql`, `,
  )}]::text[]`;
  const termWeights = sql`ARRAY[${sql.join(
    weights.map((w) => sql`${w.weight}`),
    sql`, `,
  )}]::float8[]`;
  // The chunk's vector cut to the question's words (setweight marks them, ts_filter keeps the marked): unnesting that
  // reads a few lexemes a chunk instead of all of them, a third of the time.
  const questionWords = sql`ts_filter(setweight(${documentChunks.searchVector}, 'A', ${terms}), '{a}')`;
  // BM25: Σ weight · tf · (k1 + 1) / (tf + k1 · (1 − b + b · length / average length)).
  const lengthFactor = sql`${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * ${documentChunks.searchLength} / ${totals.averageLength}::float8)`;
  const branches = candidateQueries.map(
    (query, tier) => sql`(SELECT ${documentChunks.id} AS id, ${tier}::int AS tier, s.score FROM ${documentChunks}
      CROSS JOIN LATERAL (
        SELECT sum(w.weight * t.tf * ${BM25_K1 + 1}::float8 / (t.tf + ${lengthFactor})) AS score
          FROM (SELECT lexeme, coalesce(array_length(positions, 1), 1) AS tf FROM unnest(${questionWords})) t
          JOIN unnest(${terms}, ${termWeights}) AS w(term, weight) ON w.term = t.lexeme
      ) s
      WHERE ${documentChunks.chatbotId} = ${chatbotId}${only ? sql` AND ${only}` : sql``} AND ${documentChunks.searchVector} @@ ${query}::tsquery${sql.join(
        candidateQueries.slice(0, tier).map((earlier) => sql` AND NOT ${documentChunks.searchVector} @@ ${earlier}::tsquery`),
      )}
      ORDER BY s.score DESC, ${documentChunks.id} LIMIT ${limit})`,
  );
  const result = await db.execute(sql`SELECT id, tier, score FROM (${sql.join(branches, sql` UNION ALL `)}) AS tiers LIMIT ${limit}`);
  // Append answers branch by branch; a parallel plan may not, so the tiers are put back in order (a stable sort).
  return rowsOf<{ id: string; tier: number; score: number }>(result)
    .sort((a, b) => a.tier - b.tier)
    .map((row) => ({ id: row.id, score: Number(row.score) }));
}
