import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { chunkTermCounts, documentChunks, knowledgeSources } from '../../db/schema/index';
import { cosineDistance } from '../../db/vector';
import type { Embedder } from '../../rag/embedders/types';
import { reciprocalRankFusion } from '../../rag/fusion';
import { contentTerms } from '../../rag/text-terms';
import { withoutUnfinishedWrites } from '../knowledge-sources/chunk-writes';

export interface Passage {
  chunkId: string;
  sourceId: string;
  sourceName: string;
  text: string;
  score: number;
}

/**
 * The question's content words (stop words dropped, light stemming), letters and digits only so nothing reaches
 * to_tsquery's syntax; at most 16, each once.
 */
export function questionTerms(question: string): string[] {
  const words = contentTerms(question)
    .map((term) => term.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((term) => term.length >= 2);
  return [...new Set(words)].slice(0, 16);
}

const CONSONANT_Y = /^[\p{L}\p{N}]{2,}[bcdfghjklmnpqrstvwxz]y$/u;

/**
 * The prefixes that find a question's term among the chunks' words, which the full-text index keeps as written
 * (to_tsvector('simple')). Light stemming cuts a word to a prefix of its other forms ("refunds" → "refund"), except
 * where it turns "ies"/"ied" into "y" ("policies" → "policy", "applied" → "apply"): a stem ending in a consonant and
 * "y" is not a prefix of those forms, so they are looked for by a second prefix with "i" ("polici", "appli"). The two
 * prefixes never start the same word, so their chunk counts add up. Not for stems of three letters ("try", "fly"):
 * "tri" and "fli" begin too many other words ("trip", "flight").
 */
export function termPrefixes(term: string): string[] {
  return CONSONANT_Y.test(term) ? [term, `${term.slice(0, -1)}i`] : [term];
}

/** One term as a full-text query: its prefix, or its prefixes joined by OR (termPrefixes). */
export function termQuery(term: string): string {
  const prefixes = termPrefixes(term).map((prefix) => `${prefix}:*`);
  return prefixes.length === 1 ? prefixes[0]! : `(${prefixes.join(' | ')})`;
}

/** Terms as prefixes of an OR full-text query — "refunds" finds "refund" and "refunded", "policy" "policies". */
export function prefixQuery(terms: readonly string[]): string | null {
  return terms.length ? terms.map(termQuery).join(' | ') : null;
}

/**
 * How many chunks the full-text half may consider, roughly: it ranks every chunk its query matches, and ranking
 * thousands of chunks that share a common word costs tens of milliseconds (docs/performance.md, "Chatbots").
 */
export const FULL_TEXT_CANDIDATE_BUDGET = 500;

/**
 * Which terms pick the full-text candidates: the rarest first, while the chunks they match (the sum of their
 * counts, an upper bound) stay within the budget — always at least the rarest term the chatbot's chunks hold.
 * Words most chunks share say little about which chunk answers; the candidates are still ranked by every term.
 */
export function chooseCandidateTerms(chunksByTerm: ReadonlyMap<string, number>, budget = FULL_TEXT_CANDIDATE_BUDGET): string[] {
  const present = [...chunksByTerm].filter(([, chunks]) => chunks > 0).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  const chosen: string[] = [];
  let matched = 0;
  for (const [term, chunks] of present) {
    if (chosen.length > 0 && matched + chunks > budget) break;
    chosen.push(term);
    matched += chunks;
  }
  return chosen;
}

/** For each prefix, how many of the chatbot's chunks hold a term starting with it (summed over those terms). */
async function chunksByPrefix(db: Database['db'], chatbotId: string, prefixes: string[]): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    SELECT p.prefix, coalesce((
      SELECT sum(c.chunks) FROM ${chunkTermCounts} c
       WHERE c.chatbot_id = ${chatbotId} AND c.term >= p.prefix AND c.term < p.prefix || chr(1114111)
    ), 0)::int AS chunks
    FROM unnest(ARRAY[${sql.join(
      prefixes.map((prefix) => sql`${prefix}`),
      sql`, `,
    )}]::text[]) AS p(prefix)`);
  return new Map(rowsOf<{ prefix: string; chunks: number }>(result).map((row) => [row.prefix, Number(row.chunks)]));
}

/**
 * Which chunks the full-text half ranks, as tsqueries in tiers: the chunks of a tier come before those of the next,
 * and a tier is read only while the earlier ones found fewer chunks than asked. Within the budget the rarer terms
 * pick the candidates (one tier). When even the rarest term the chunks hold is past the budget (every word of the
 * question is common), ranking all its chunks would take the time the budget is there to save (a word in 20,000 of
 * 100,000 chunks of real documents: 130 ms, docs/performance.md): the chunks holding both of the two rarest terms
 * come first, then the rarest term's others, read only if those were too few.
 */
export function chooseCandidateQueries(chunksByTerm: ReadonlyMap<string, number>, budget = FULL_TEXT_CANDIDATE_BUDGET): string[] {
  const chosen = chooseCandidateTerms(chunksByTerm, budget);
  if (chosen.length !== 1 || (chunksByTerm.get(chosen[0]!) ?? 0) <= budget) return chosen.length ? [prefixQuery(chosen)!] : [];
  const next = [...chunksByTerm].filter(([term, chunks]) => chunks > 0 && term !== chosen[0]).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0];
  return next ? [`${termQuery(chosen[0]!)} & ${termQuery(next[0])}`, prefixQuery(chosen)!] : [prefixQuery(chosen)!];
}

/**
 * The full-text half's queries: the candidates' tiers (none when none of the question's terms is in the chatbot's
 * chunks, chooseCandidateQueries), and all of its terms to rank them.
 */
export async function fullTextQueries(db: Database['db'], chatbotId: string, question: string) {
  const terms = questionTerms(question);
  if (terms.length === 0) return { candidateQueries: [], rankQuery: null };
  const byPrefix = await chunksByPrefix(db, chatbotId, [...new Set(terms.flatMap(termPrefixes))]);
  const byTerm = new Map(terms.map((term) => [term, termPrefixes(term).reduce((sum, prefix) => sum + (byPrefix.get(prefix) ?? 0), 0)]));
  return { candidateQueries: chooseCandidateQueries(byTerm), rankQuery: prefixQuery(terms) };
}

/**
 * The chatbot's chunks that match the candidate tiers, the best `limit` by `rankQuery`, tier by tier, in one
 * statement: PostgreSQL's Append reads a branch only while the LIMIT above it still wants rows, so a later tier costs
 * nothing when an earlier one filled the list. A tier leaves out what the earlier tiers matched.
 */
export async function rankByFullText(
  db: Database['db'],
  chatbotId: string,
  { candidateQueries, rankQuery }: { candidateQueries: readonly string[]; rankQuery: string | null },
  limit: number,
  /** A further condition on the chunks (the writes not yet finished, withoutUnfinishedWrites). */
  only?: SQL,
): Promise<string[]> {
  if (!rankQuery || candidateQueries.length === 0) return [];
  const branches = candidateQueries.map(
    (query, tier) => sql`(SELECT ${documentChunks.id} AS id, ${tier}::int AS tier FROM ${documentChunks}
      WHERE ${documentChunks.chatbotId} = ${chatbotId}${only ? sql` AND ${only}` : sql``} AND ${documentChunks.searchVector} @@ to_tsquery('simple', ${query})${sql.join(
        candidateQueries.slice(0, tier).map((earlier) => sql` AND NOT ${documentChunks.searchVector} @@ to_tsquery('simple', ${earlier})`),
      )}
      ORDER BY ts_rank(${documentChunks.searchVector}, to_tsquery('simple', ${rankQuery})) DESC LIMIT ${limit})`,
  );
  const result = await db.execute(sql`SELECT id, tier FROM (${sql.join(branches, sql` UNION ALL `)}) AS tiers LIMIT ${limit}`);
  // Append answers branch by branch; a parallel plan may not, so the tiers are put back in order (a stable sort).
  return rowsOf<{ id: string; tier: number }>(result)
    .sort((a, b) => a.tier - b.tier)
    .map((row) => row.id);
}

/**
 * The vector half's say in the fusion when the built-in embedder made the vectors. Its vectors hash the same
 * words the full-text half matches, only with collisions, so at an equal say it pushed the full-text half's
 * better passages out (bench/rag.ts: the question's own section in the 5 passages 96% and 82% at 10,000 and
 * 100,000 chunks, against 98% and 92% for the full-text half alone). At half weight the full-text order leads
 * (its 61st place still outranks the vectors' first), the vectors lift what both found, and they answer alone
 * when no word of the question matches.
 * Model embeddings (OpenAI and compatible) find meaning the words miss and keep an equal say.
 */
export const LOCAL_VECTOR_WEIGHT = 0.5;

/**
 * Hybrid retrieval scoped to ONE chatbot: nearest neighbours by embedding and full-text
 * matches, fused by reciprocal rank. Every query filters on chatbot_id, so one customer's
 * documents never reach another's answers.
 */
export async function retrievePassages(
  database: Database,
  input: {
    chatbotId: string;
    question: string;
    embedder: Embedder;
    topK: number;
    /** The vector half's weight in the fusion; by default LOCAL_VECTOR_WEIGHT for the built-in embedder, else 1. */
    vectorWeight?: number;
  },
): Promise<Passage[]> {
  const { db, vectorSearch } = database;
  const candidates = Math.max(20, input.topK * 4);
  const [queryVector] = await input.embedder.embed([input.question]);
  const distance = cosineDistance(vectorSearch, sql`${documentChunks.embedding}`, queryVector!, database.vectorIndexes.formFor(queryVector!.length));
  // The chunks a document's processing is still writing on the embedded database are left out (chunk-writes.ts).
  const finished = withoutUnfinishedWrites(database, input.chatbotId);
  const scope = and(eq(documentChunks.chatbotId, input.chatbotId), eq(documentChunks.embeddingDimensions, input.embedder.dimensions), finished);

  // ef_search and iterative scans (enough rows of this chatbot) are set on every connection (HNSW_SESSION_SETTINGS).
  const byVector = await db.select({ id: documentChunks.id }).from(documentChunks).where(scope).orderBy(distance).limit(candidates);

  const byText = await rankByFullText(db, input.chatbotId, await fullTextQueries(db, input.chatbotId, input.question), candidates, finished);

  const fused = reciprocalRankFusion([byVector.map((r) => r.id), byText], {
    limit: input.topK,
    weights: [input.vectorWeight ?? (input.embedder.provider === 'local' ? LOCAL_VECTOR_WEIGHT : 1), 1],
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
