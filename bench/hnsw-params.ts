/**
 * HNSW build parameters against recall and write cost (docs/decisions/0005-vector-search.md), printed and written to docs/performance.md
 * (section "HNSW build parameters", with --pglite "HNSW build parameters (PGlite)"). Run:
 * npm run bench:hnsw-params [-- --size 100000] [--builds 32:512,32:128,32:384] [--ef 100,130,160] [--pglite]
 *
 * The recall of an HNSW search at a given ef_search depends on the graph, which m and ef_construction shape the same
 * way in PostgreSQL and in PGlite (the same pgvector code). PGlite builds a graph of 100,000 chunks in 20–60 minutes
 * (docs/performance.md, "Chatbots on real documents"), PostgreSQL in two to five, so the graph's quality is compared
 * here, on a database of the benchmark's own on TEST_DATABASE_URL's server, full precision (the form PGlite searches):
 * real documents (bench/machine-corpus.ts) embedded by the local embedder, 200 questions of five of a chunk's words,
 * recall@10 against an exact search over the same vectors computed here. Latencies are PostgreSQL's, for comparing the
 * builds with each other only. With --pglite the same runs in PGlite (in memory), at a size it builds in minutes
 * (--size 20000). Each graph is also timed writing 2,000 more chunks, what it costs ingestion.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { exactTop10 } from './exact-search';
import { machineCorpus } from './machine-corpus';
import { writePerformanceSection } from './performance-doc';
import { createScratchDatabase } from './scratch-database';
import { createLocalEmbedder } from '../apps/server/src/rag/embedders/local';
import { HNSW_BUILD, PGLITE_INDEX_BUILD_MEMORY } from '../apps/server/src/db/vector';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const SIZE = Number(argument('--size', '100000'));
/** The product's full-precision build first (its row is marked), then the others compared with it. */
const PRODUCT = HNSW_BUILD.vector;
const BUILDS = argument('--builds', `${PRODUCT.m}:${PRODUCT.efConstruction},32:128,32:384`)
  .split(',')
  .map((build) => build.split(':').map(Number) as [number, number]);
const EF_SEARCH = argument('--ef', '100,130,160').split(',').map(Number);
const QUESTIONS = 200;
const DIMENSIONS = 384;

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const corpus = machineCorpus();
if (corpus.chunks.length < SIZE) throw new Error(`The machine corpus has ${corpus.chunks.length} chunks, fewer than --size ${SIZE}`);
// A fixed shuffle, so that the chunks are a mix of every document.
for (let i = corpus.chunks.length - 1; i > 0; i -= 1) {
  const j = Math.floor(rand() * (i + 1));
  [corpus.chunks[i], corpus.chunks[j]] = [corpus.chunks[j]!, corpus.chunks[i]!];
}
const chunks = corpus.chunks.slice(0, SIZE);
/** Chunks written into each finished graph, one document's worth at a time, for what a graph costs ingestion. */
const EXTRA = Math.min(2_000, corpus.chunks.length - SIZE);
const extraChunks = corpus.chunks.slice(SIZE, SIZE + EXTRA);

/** The one statement interface both databases offer. */
interface Client {
  query<T = unknown>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}
const PGLITE = process.argv.includes('--pglite');
let client: Client;
let close: () => Promise<unknown>;
if (PGLITE) {
  // In memory; builds with the product's maintenance_work_mem for PGlite (db/vector.ts).
  const pglite = await PGlite.create({ extensions: { vector } });
  await pglite.exec(`SET maintenance_work_mem = '${PGLITE_INDEX_BUILD_MEMORY}'`);
  client = pglite;
  close = () => pglite.close();
} else {
  const scratch = await createScratchDatabase('parley_hnsw', { settings: { maintenance_work_mem: '4GB' } });
  const pgClient = new pg.Client({ connectionString: scratch.url });
  await pgClient.connect();
  client = pgClient;
  close = async () => {
    await pgClient.end().catch(() => {});
    await scratch.drop();
  };
}
try {
  await client.query('CREATE EXTENSION IF NOT EXISTS vector');
  await client.query(`CREATE TABLE chunk (id int PRIMARY KEY, embedding vector(${DIMENSIONS}) NOT NULL)`);
  const embedder = createLocalEmbedder({ dimensions: DIMENSIONS });
  const stored = new Float32Array(SIZE * DIMENSIONS);
  let started = performance.now();
  for (let from = 0; from < SIZE; from += 500) {
    const vectors = await embedder.embed(chunks.slice(from, from + 500));
    const params = vectors.flatMap((vector, j) => {
      stored.set(vector, (from + j) * DIMENSIONS);
      return [from + j, `[${vector.join(',')}]`];
    });
    await client.query(`INSERT INTO chunk VALUES ${vectors.map((_, j) => `($${2 * j + 1}, $${2 * j + 2})`).join(', ')}`, params);
  }
  console.log(`${SIZE.toLocaleString('en')} chunks embedded and stored in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // Questions as bench:rag asks them: five of a stored chunk's words.
  const questions: string[] = [];
  while (questions.length < QUESTIONS) {
    const words = chunks[Math.floor(rand() * SIZE)]!.toLowerCase().match(/[a-z]+/g) ?? [];
    if (words.length >= 8) questions.push(`What about ${Array.from({ length: 5 }, () => words[Math.floor(rand() * words.length)]).join(' ')}?`);
  }
  const queries = await embedder.embed(questions);
  const exact = queries.map((query) => exactTop10(stored, SIZE, DIMENSIONS, query));

  // Ingestion's share: EXTRA more chunks written in statements of 100, as a document's chunks are, timed per chunk;
  // first into the table alone (the baseline), then into each graph once it has been searched. They are deleted with
  // no index on the table, so no graph is left to repair.
  const extraVectors = (await embedder.embed(extraChunks)).map((vector) => `[${vector.join(',')}]`);
  const writeExtras = async () => {
    const begun = performance.now();
    for (let from = 0; from < EXTRA; from += 100) {
      const batch = extraVectors.slice(from, from + 100);
      await client.query(
        `INSERT INTO chunk VALUES ${batch.map((_, j) => `($${2 * j + 1}, $${2 * j + 2})`).join(', ')}`,
        batch.flatMap((vector, j) => [SIZE + from + j, vector]),
      );
    }
    const perChunk = (performance.now() - begun) / EXTRA;
    await client.query('DROP INDEX IF EXISTS chunk_embedding');
    await client.query('DELETE FROM chunk WHERE id >= $1', [SIZE]);
    await client.query('VACUUM chunk');
    return perChunk;
  };
  const tableAlone = await writeExtras();
  console.log(`writing a chunk without an index: ${tableAlone.toFixed(2)} ms`);

  const rows: string[] = [];
  for (const [m, efConstruction] of BUILDS) {
    await client.query('DROP INDEX IF EXISTS chunk_embedding');
    started = performance.now();
    await client.query(`CREATE INDEX chunk_embedding ON chunk USING hnsw (embedding vector_cosine_ops) WITH (m = ${m}, ef_construction = ${efConstruction})`);
    const buildSeconds = (performance.now() - started) / 1000;
    const measured: { ef: number; recall: number; p50: number; p95: number }[] = [];
    for (const ef of EF_SEARCH) {
      await client.query(`SET hnsw.ef_search = ${ef}`);
      let found = 0;
      const latencies: number[] = [];
      for (const [q, query] of queries.entries()) {
        started = performance.now();
        const result = await client.query<{ id: number }>('SELECT id FROM chunk ORDER BY embedding <=> $1 LIMIT 10', [`[${query.join(',')}]`]);
        latencies.push(performance.now() - started);
        const ids = new Set(result.rows.map((row) => row.id));
        found += exact[q]!.filter((i) => ids.has(i)).length;
      }
      latencies.sort((a, b) => a - b);
      measured.push({ ef, recall: found / (QUESTIONS * 10), p50: latencies[QUESTIONS / 2]!, p95: latencies[Math.floor(QUESTIONS * 0.95)]! });
    }
    const writeMs = EXTRA > 0 ? await writeExtras() : NaN;
    const product = m === PRODUCT.m && efConstruction === PRODUCT.efConstruction ? " (the product's)" : '';
    for (const { ef, recall, p50, p95 } of measured) {
      const row = `| m ${m}, ef_construction ${efConstruction}${product} | ${buildSeconds.toFixed(0)} s | ${writeMs.toFixed(2)} ms | ${ef} | ${recall.toFixed(3)} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`;
      console.log(row);
      rows.push(row);
    }
  }

  const where = PGLITE
    ? `indexed in PGlite (in memory, maintenance_work_mem ${PGLITE_INDEX_BUILD_MEMORY} as the product builds), the embedded database's own
figures at a size it builds in minutes`
    : `indexed on PostgreSQL at full precision, the form PGlite searches. The graph's quality is the same pgvector code in
both databases; PostgreSQL builds it in minutes where PGlite takes twenty minutes or more at 100,000 chunks, so the
parameters are compared here. Latencies are PostgreSQL's and compare the builds with each other only`;
  writePerformanceSection(
    PGLITE ? 'HNSW build parameters (PGlite)' : 'HNSW build parameters',
    `Measured by \`npm run bench:hnsw-params -- --size ${SIZE}${PGLITE ? ' --pglite' : ''}\` (bench/hnsw-params.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a
shared 2-core machine: ${SIZE.toLocaleString('en')} chunks of real documents (${corpus.files.toLocaleString('en')} files on this machine) embedded by the
local embedder (${DIMENSIONS} dimensions), ${where} (docs/decisions/0005-vector-search.md). Recall@10 of ${QUESTIONS} questions against an
exact search over the same vectors.

"Writing a chunk" is what ingestion pays per chunk once the graph holds ${SIZE.toLocaleString('en')}: ${EXTRA.toLocaleString('en')} more chunks inserted
in statements of 100 (then deleted); without an index a chunk took ${tableAlone.toFixed(2)} ms in the same run.

| build | build time | writing a chunk | ef_search | recall@10 | p50 ms | p95 ms |
|---|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}
`,
  );
} finally {
  await close();
}
process.exit(0);
