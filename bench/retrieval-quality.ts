/**
 * Retrieval quality on public data nobody on the team wrote: BEIR ArguAna (8,674 passages, 1,406 test questions with
 * one judged answer each), from ../shared/retrieval-bench/arguana (its SOURCE.md: a hit whose id is the question's own
 * is dropped, all 1,406 questions are kept). Never shipped: the data stays outside the repository.
 *
 * In one run, on the embedded database (PGlite + pgvector), nDCG@10 and recall@10 of:
 * - Parley's production retrieval (retrievePassages: the vector half, the BM25 half, fused);
 * - each half alone, as the product runs it (HNSW; BM25 over the rarer words' candidates);
 * - plain BM25 (k1 1.2, b 0.75) scoring every passage exhaustively, with the database's own analyzer;
 * - the embedding model alone (exact cosine over every passage);
 * - fusion variants over the product's halves (the tuning: docs/decisions/0010-hybrid-retrieval.md);
 * plus query latency p50/p95 (short questions, embedding included) and ingestion throughput with the model.
 * Written to docs/performance.md, section "Retrieval quality". Run:
 * npm run bench:retrieval [-- --embedder all-MiniLM-L6-v2|feature-hash-v1] [--queries N] [--data DIR]
 * Passage vectors are cached in bench/.cache (the model's output for a fixed text does not change).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createBenchChatbot, insertBenchChunks } from './bench-chatbot';
import { writePerformanceSection } from './performance-doc';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/raw-sql';
import { knowledgeSources } from '../apps/server/src/db/schema/index';
import { prepareVectorColumn, vectorIndexFormFor, vectorIndexName } from '../apps/server/src/db/vector';
import { BM25_B, BM25_K1, fullTextQuery, inverseDocumentFrequency, rankByBm25 } from '../apps/server/src/rag/bm25';
import { FUSION, retrievePassages, vectorCandidates } from '../apps/server/src/rag/retrieval';
import { compactTermCounts } from '../apps/server/src/rag/term-counts';
import { createEmbedder } from '../apps/server/src/rag/embedders/index';
import { reciprocalRankFusion } from '../apps/server/src/rag/fusion';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const DATA = path.resolve(argument('data') ?? path.join(ROOT, '..', 'shared', 'retrieval-bench', 'arguana'));
const MODEL = argument('embedder') ?? 'all-MiniLM-L6-v2';
const QUERY_LIMIT = Number(argument('queries') ?? Infinity);
const CACHE = path.join(ROOT, 'bench', '.cache');
const K = 10;

if (!existsSync(path.join(DATA, 'corpus.jsonl.gz'))) {
  console.log(`No retrieval data at ${DATA} (see ../shared/retrieval-bench/arguana/SOURCE.md); nothing measured.`);
  process.exit(0);
}

// --- The data -------------------------------------------------------------------------------------------------
type Passage = { id: string; title: string; text: string };
const corpus: Passage[] = gunzipSync(readFileSync(path.join(DATA, 'corpus.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const row = JSON.parse(line) as { _id: string; title: string; text: string };
    return { id: row._id, title: row.title, text: row.text };
  });
const passageText = (p: Passage) => (p.title ? `${p.title}\n${p.text}` : p.text);
const allQueries = new Map(
  readFileSync(path.join(DATA, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string; text: string })
    .map((q) => [q._id, q.text] as const),
);
const relevant = new Map<string, Set<string>>();
for (const line of readFileSync(path.join(DATA, 'qrels', 'test.tsv'), 'utf8')
  .split('\n')
  .slice(1)) {
  const [queryId, docId, score] = line.split('\t');
  if (!queryId || !docId || Number(score) <= 0) continue;
  if (!relevant.has(queryId)) relevant.set(queryId, new Set());
  relevant.get(queryId)!.add(docId);
}
const questions = [...relevant.keys()].slice(0, QUERY_LIMIT).map((id) => ({ id, text: allQueries.get(id)! }));
console.log(`${corpus.length.toLocaleString('en')} passages, ${questions.length.toLocaleString('en')} questions (${DATA})`);

// --- Measures -------------------------------------------------------------------------------------------------
/** nDCG@10 and recall@10 of one ranking (passage ids, best first), after dropping the question's own id. */
function score(questionId: string, ranking: readonly string[]): { ndcg: number; recall: number } {
  const wanted = relevant.get(questionId)!;
  const top = ranking.filter((id) => id !== questionId).slice(0, K);
  let dcg = 0;
  top.forEach((id, rank) => {
    if (wanted.has(id)) dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(K, wanted.size); rank += 1) ideal += 1 / Math.log2(rank + 2);
  const found = top.filter((id) => wanted.has(id)).length;
  return { ndcg: ideal > 0 ? dcg / ideal : 0, recall: found / wanted.size };
}
function mean(rankings: ReadonlyMap<string, readonly string[]>): { ndcg: number; recall: number } {
  let ndcg = 0;
  let recall = 0;
  for (const q of questions) {
    const s = score(q.id, rankings.get(q.id) ?? []);
    ndcg += s.ndcg;
    recall += s.recall;
  }
  return { ndcg: ndcg / questions.length, recall: recall / questions.length };
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// --- Vectors (cached: the model's output for a fixed text is fixed) --------------------------------------------------
const embedder = createEmbedder({ provider: 'local', model: MODEL, dimensions: 384 } as Parameters<typeof createEmbedder>[0]);
const DIMENSIONS = embedder.dimensions;
let embedSeconds = 0;
let embedCount = 0;
async function embedAll(label: string, texts: readonly string[]): Promise<Float32Array> {
  const key = createHash('sha256').update(embedder.id).update(texts.join('\u0000')).digest('hex').slice(0, 16);
  const file = path.join(CACHE, `${label}-${key}.f32`);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  }
  const out = new Float32Array(texts.length * DIMENSIONS);
  const started = performance.now();
  for (let from = 0; from < texts.length; from += 256) {
    const vectors = await embedder.embed(texts.slice(from, from + 256) as string[]);
    vectors.forEach((v, j) => out.set(v, (from + j) * DIMENSIONS));
    process.stdout.write(`\r  embedding ${label}: ${Math.min(from + 256, texts.length).toLocaleString('en')} / ${texts.length.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  embedSeconds += (performance.now() - started) / 1000;
  embedCount += texts.length;
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, Buffer.from(out.buffer));
  return out;
}
const passageVectors = await embedAll('arguana-passages', corpus.map(passageText));
const questionVectors = await embedAll(
  'arguana-questions',
  questions.map((q) => q.text),
);
const vectorOf = (all: Float32Array, i: number) => Array.from(all.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS));

// --- The database, as ingestion leaves it ------------------------------------------------------------------------
const database = await openDatabase({});
const { db } = database;
const { organizationId, chatbot: bot } = await createBenchChatbot(db, {
  embeddingDimensions: DIMENSIONS,
  embeddingProvider: embedder.provider,
  embeddingModel: embedder.model,
});
const [source] = await db.insert(knowledgeSources).values({ chatbotId: bot.id, organizationId, kind: 'text', name: 'arguana', status: 'ready' }).returning();
const FORM = vectorIndexFormFor(database.driver);
// Bulk loads build the HNSW index after loading (NOTES.md): drop it, load, rebuild.
await db.execute(sql.raw(`DROP INDEX IF EXISTS ${vectorIndexName('document_chunks', 'embedding', DIMENSIONS, FORM)}`));
let started = performance.now();
for (let from = 0; from < corpus.length; from += 500) {
  const batch = corpus.slice(from, from + 500);
  await insertBenchChunks(
    database,
    { sourceId: source!.id, chatbotId: bot.id },
    from,
    batch.map(passageText),
    batch.map((_, j) => vectorOf(passageVectors, from + j)),
  );
}
await compactTermCounts(db, bot.id);
await prepareVectorColumn(db, database.vectorSearch, 'document_chunks', 'embedding', {
  dimensionsColumn: 'embedding_dimensions',
  dimensions: [DIMENSIONS],
  form: FORM,
  indexes: database.vectorIndexes,
});
await db.execute(sql`ANALYZE document_chunks`);
const loadSeconds = (performance.now() - started) / 1000;
const chunkRows = rowsOf<{ id: string; chunk_index: number }>(await db.execute(sql`SELECT id, chunk_index FROM document_chunks WHERE chatbot_id = ${bot.id}`));
const passageOfChunk = new Map(chunkRows.map((row) => [row.id, corpus[row.chunk_index]!.id]));
const toPassages = (chunkIds: readonly string[]) => chunkIds.map((id) => passageOfChunk.get(id)!);
console.log(`stored and indexed in ${loadSeconds.toFixed(1)} s`);

// --- Baselines: plain BM25 over every passage, the embedding model over every passage --------------------------------
// The database's analyzer (to_tsvector 'english', as the product's) gives every passage's and question's words.
const passageTerms = new Map<number, Map<string, number>>();
for (const row of rowsOf<{ chunk_index: number; lexeme: string; tf: number }>(
  await db.execute(
    sql`SELECT chunk_index, lexeme, coalesce(array_length(positions, 1), 1) AS tf FROM document_chunks, unnest(search_vector) WHERE chatbot_id = ${bot.id}`,
  ),
)) {
  if (!passageTerms.has(row.chunk_index)) passageTerms.set(row.chunk_index, new Map());
  passageTerms.get(row.chunk_index)!.set(row.lexeme, Number(row.tf));
}
const lengths = corpus.map((_, i) => [...(passageTerms.get(i)?.values() ?? [])].reduce((a, b) => a + b, 0));
const averageLength = lengths.reduce((a, b) => a + b, 0) / corpus.length;
const postings = new Map<string, { doc: number; tf: number }[]>();
for (const [doc, terms] of passageTerms) for (const [term, tf] of terms) (postings.get(term) ?? postings.set(term, []).get(term)!).push({ doc, tf });
async function questionLexemes(text: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ lexeme: string; tf: number }>(
    await db.execute(sql`SELECT lexeme, coalesce(array_length(positions, 1), 1) AS tf FROM unnest(to_tsvector('english'::regconfig, ${text}))`),
  );
  return new Map(rows.map((r) => [r.lexeme, Number(r.tf)]));
}
function plainBm25(terms: ReadonlyMap<string, number>, limit: number): string[] {
  const scores = new Float64Array(corpus.length);
  for (const [term, count] of terms) {
    const list = postings.get(term);
    if (!list) continue;
    const idf = inverseDocumentFrequency(list.length, corpus.length);
    for (const { doc, tf } of list)
      scores[doc]! += (count * idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[doc]!) / averageLength));
  }
  return topIndexes(scores, limit).map((i) => corpus[i]!.id);
}
function exactCosine(q: number, limit: number): string[] {
  const scores = new Float64Array(corpus.length);
  for (let i = 0; i < corpus.length; i += 1) {
    let dot = 0;
    for (let d = 0; d < DIMENSIONS; d += 1) dot += passageVectors[i * DIMENSIONS + d]! * questionVectors[q * DIMENSIONS + d]!;
    scores[i] = dot;
  }
  return topIndexes(scores, limit).map((i) => corpus[i]!.id);
}
function topIndexes(scores: Float64Array, limit: number): number[] {
  return [...scores.keys()]
    .filter((i) => scores[i]! !== 0)
    .sort((a, b) => scores[b]! - scores[a]! || a - b)
    .slice(0, limit);
}

// --- Every method, question by question ---------------------------------------------------------------------------
/** Candidates each half hands the fusion (the product's: max(20, 4 × topK) at topK 10, one more for the dropped self). */
const CANDIDATES = 100;
const rankings = {
  production: new Map<string, string[]>(),
  vectorHalf: new Map<string, string[]>(),
  bm25Half: new Map<string, string[]>(),
  plainBm25: new Map<string, string[]>(),
  modelAlone: new Map<string, string[]>(),
  rrfBaselines: new Map<string, string[]>(),
};
const halves = new Map<string, { vector: string[]; text: { id: string; score: number }[]; vectorScores: number[] }>();
started = performance.now();
for (const [q, question] of questions.entries()) {
  const queryVector = vectorOf(questionVectors, q);
  const fixedEmbedder = { ...embedder, embed: async () => [queryVector] };
  const passages = await retrievePassages(database, { chatbotId: bot.id, question: question.text, embedder: fixedEmbedder, topK: K + 1 });
  rankings.production.set(question.id, toPassages(passages.map((p) => p.chunkId)));
  const byVector = await vectorCandidates(database, { chatbotId: bot.id, queryVector, dimensions: DIMENSIONS, limit: CANDIDATES });
  const byText = await rankByBm25(db, bot.id, await fullTextQuery(db, bot.id, question.text), CANDIDATES);
  halves.set(question.id, {
    vector: toPassages(byVector.map((r) => r.id)),
    vectorScores: byVector.map((r) => r.similarity),
    text: byText.map((r) => ({ id: passageOfChunk.get(r.id)!, score: r.score })),
  });
  rankings.vectorHalf.set(question.id, toPassages(byVector.map((r) => r.id)));
  rankings.bm25Half.set(question.id, toPassages(byText.map((r) => r.id)));
  const plain = plainBm25(await questionLexemes(question.text), CANDIDATES);
  const model = exactCosine(q, CANDIDATES);
  rankings.plainBm25.set(question.id, plain);
  rankings.modelAlone.set(question.id, model);
  rankings.rrfBaselines.set(
    question.id,
    reciprocalRankFusion([plain, model]).map((f) => f.id),
  );
  if (q % 100 === 99) process.stdout.write(`\r  ranked ${(q + 1).toLocaleString('en')} / ${questions.length.toLocaleString('en')}`);
}
process.stdout.write('\n');
console.log(`ranked in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// --- Fusion variants over the product's two halves (the tuning) ------------------------------------------------------
interface Variant {
  name: string;
  fuse: (h: { vector: string[]; text: { id: string; score: number }[]; vectorScores: number[] }) => string[];
}
const variants: Variant[] = [];
for (const k of [10, 30, 60]) {
  for (const vectorWeight of [0.5, 0.75, 1, 1.5, 2]) {
    for (const candidates of [20, 50, 100]) {
      variants.push({
        name: `RRF k ${k}, vector weight ${vectorWeight}, ${candidates} candidates each`,
        fuse: (h) =>
          reciprocalRankFusion([h.vector.slice(0, candidates), h.text.slice(0, candidates).map((t) => t.id)], { k, weights: [vectorWeight, 1] }).map(
            (f) => f.id,
          ),
      });
    }
  }
}
for (const alpha of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7]) {
  variants.push({
    name: `scores min-max scaled, vector share ${alpha}, 100 candidates each${alpha === FUSION.modelVectorShare ? " (the product's)" : ''}`,
    fuse: (h) => {
      const combined = new Map<string, number>();
      const norm = (values: number[]) => {
        const max = Math.max(...values);
        const min = Math.min(...values);
        return values.map((v) => (max > min ? (v - min) / (max - min) : 1));
      };
      norm(h.vectorScores).forEach((s, i) => combined.set(h.vector[i]!, (combined.get(h.vector[i]!) ?? 0) + alpha * s));
      norm(h.text.map((t) => t.score)).forEach((s, i) => combined.set(h.text[i]!.id, (combined.get(h.text[i]!.id) ?? 0) + (1 - alpha) * s));
      return [...combined].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    },
  });
}
const tuned = variants
  .map((variant) => ({ name: variant.name, ...mean(new Map(questions.map((q) => [q.id, variant.fuse(halves.get(q.id)!)]))) }))
  .sort((a, b) => b.ndcg - a.ndcg);

// --- Latency at the product's topK, short questions as visitors type them, embedding included -------------------------
// At 10,000 chunks (the target's size): the corpus's first passages again, as a second source, make up the rest.
const LATENCY_CHUNKS = 10_000;
const [padding] = await db.insert(knowledgeSources).values({ chatbotId: bot.id, organizationId, kind: 'text', name: 'padding', status: 'ready' }).returning();
const extra = corpus.slice(0, Math.max(0, LATENCY_CHUNKS - corpus.length));
for (let from = 0; from < extra.length; from += 500) {
  const batch = extra.slice(from, from + 500);
  await insertBenchChunks(
    database,
    { sourceId: padding!.id, chatbotId: bot.id },
    from,
    batch.map((p) => `${passageText(p)} (again)`),
    batch.map((_, j) => vectorOf(passageVectors, from + j)),
  );
}
await compactTermCounts(db, bot.id);
await db.execute(sql`ANALYZE document_chunks`);
const latencies: number[] = [];
for (const question of questions.slice(0, 200)) {
  const short = question.text.split(/\s+/).slice(0, 12).join(' ');
  const begun = performance.now();
  await retrievePassages(database, { chatbotId: bot.id, question: short, embedder, topK: 5 });
  latencies.push(performance.now() - begun);
}
latencies.sort((a, b) => a - b);

// --- The figures ----------------------------------------------------------------------------------------------------
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};
const row = (name: string, m: { ndcg: number; recall: number }) => log(`| ${name} | ${m.ndcg.toFixed(3)} | ${m.recall.toFixed(3)} |`);
log(
  `BEIR ArguAna, ${corpus.length.toLocaleString('en')} passages, ${questions.length.toLocaleString('en')} questions, embedding model ${embedder.model}, PGlite, one run (\`npm run bench:retrieval\`).`,
);
log('');
log('| method | nDCG@10 | recall@10 |');
log('|---|---:|---:|');
row("**Parley's production retrieval** (retrievePassages)", mean(rankings.production));
row('its vector half alone (HNSW)', mean(rankings.vectorHalf));
row('its BM25 half alone (rarer words pick the candidates)', mean(rankings.bm25Half));
row('plain BM25, every passage scored (k1 1.2, b 0.75)', mean(rankings.plainBm25));
row(`${embedder.model} alone, exact cosine`, mean(rankings.modelAlone));
row('reciprocal-rank fusion of plain BM25 and the model alone (k 60)', mean(rankings.rrfBaselines));
log('');
log("Fusion of the product's two halves, the best ten of the variants tried (the tuning):");
log('');
log('| variant | nDCG@10 | recall@10 |');
log('|---|---:|---:|');
for (const t of tuned.slice(0, 10)) row(t.name, t);
log('');
log(
  `Retrieval at ${LATENCY_CHUNKS.toLocaleString('en')} chunks, topK 5, 200 questions of 12 words, embedding the question included: p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms.`,
);
if (embedCount > 0)
  log(`Embedding with ${embedder.model}: ${Math.round(embedCount / embedSeconds)} passages/s (${embedCount.toLocaleString('en')} passages and questions).`);
log(`Storing and indexing the ${corpus.length.toLocaleString('en')} passages (vectors given): ${loadSeconds.toFixed(1)} s.`);
if (!Number.isFinite(QUERY_LIMIT) || questions.length === relevant.size) writePerformanceSection('Retrieval quality', lines.join('\n'));
await database.close();
process.exit(0);
