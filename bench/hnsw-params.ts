/**
 * HNSW build parameters against recall (decisions §85), printed and written to docs/performance.md (section "HNSW build
 * parameters"). Run: npm run bench:hnsw-params [-- --size 100000] [--builds 32:128,32:256,48:128] [--ef 100,130,160]
 *
 * The recall of an HNSW search at a given ef_search depends on the graph, which m and ef_construction shape the same
 * way in PostgreSQL and in PGlite (the same pgvector code). PGlite builds a graph of 100,000 chunks in 30–75 minutes
 * (docs/performance.md, "Chatbots"), PostgreSQL in two or three, so the graph's quality is compared here, on a
 * database of the benchmark's own on TEST_DATABASE_URL's server, full precision (the form PGlite searches): real
 * documents (bench/machine-corpus.ts) embedded by the local embedder, 200 questions of five of a chunk's words, recall@10
 * against an exact search over the same vectors computed here. Latencies are PostgreSQL's, for comparing the builds
 * with each other only.
 */
import pg from 'pg';
import { exactTop10 } from './exact-search';
import { machineCorpus } from './machine-corpus';
import { writePerformanceSection } from './performance-doc';
import { createScratchDatabase } from './scratch-database';
import { createLocalEmbedder } from '../apps/server/src/rag/embedders/local';
import { HNSW_EF_CONSTRUCTION, HNSW_M } from '../apps/server/src/db/vector';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const SIZE = Number(argument('--size', '100000'));
const BUILDS = argument('--builds', `${HNSW_M}:${HNSW_EF_CONSTRUCTION},32:256,48:128`)
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

const scratch = await createScratchDatabase('parley_hnsw', { settings: { maintenance_work_mem: '4GB' } });
const client = new pg.Client({ connectionString: scratch.url });
try {
  await client.connect();
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

  const rows: string[] = [];
  for (const [m, efConstruction] of BUILDS) {
    await client.query('DROP INDEX IF EXISTS chunk_embedding');
    started = performance.now();
    await client.query(`CREATE INDEX chunk_embedding ON chunk USING hnsw (embedding vector_cosine_ops) WITH (m = ${m}, ef_construction = ${efConstruction})`);
    const buildSeconds = (performance.now() - started) / 1000;
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
      const product = m === HNSW_M && efConstruction === HNSW_EF_CONSTRUCTION ? " (the product's)" : '';
      const row = `| m ${m}, ef_construction ${efConstruction}${product} | ${buildSeconds.toFixed(0)} s | ${ef} | ${(found / (QUESTIONS * 10)).toFixed(3)} | ${latencies[QUESTIONS / 2]!.toFixed(1)} | ${latencies[Math.floor(QUESTIONS * 0.95)]!.toFixed(1)} |`;
      console.log(row);
      rows.push(row);
    }
  }

  writePerformanceSection(
    'HNSW build parameters',
    `Measured by \`npm run bench:hnsw-params\` (bench/hnsw-params.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a shared
2-core machine: ${SIZE.toLocaleString('en')} chunks of real documents (${corpus.files.toLocaleString('en')} files on this machine) embedded by the
local embedder (${DIMENSIONS} dimensions), indexed on PostgreSQL at full precision, the form PGlite searches. Recall@10
of ${QUESTIONS} questions against an exact search over the same vectors. The graph's quality is the same pgvector code in
both databases; PostgreSQL builds it in minutes where PGlite takes most of an hour, so the parameters are compared
here (decisions §85). Latencies are PostgreSQL's and compare the builds with each other only.

| build | build time | ef_search | recall@10 | p50 ms | p95 ms |
|---|--:|--:|--:|--:|--:|
${rows.join('\n')}
`,
  );
} finally {
  await client.end().catch(() => {});
  await scratch.drop();
}
process.exit(0);
