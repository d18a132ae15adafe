/**
 * RAG benchmarks on the embedded database (PGlite + pgvector), printed and written to
 * docs/performance.md (section "Chatbots"). Run: npm run bench:rag [-- --max 100000]
 *
 * - Ingestion throughput of the pipeline (semantic chunking + the local embedder) on a
 *   generated corpus, in MB/s and chunks/s.
 * - Retrieval latency (the product's hybrid retrieval: HNSW + full text + fusion) at 10k and
 *   100k chunks, p50/p95 over 100 questions.
 * - recall@10 of the HNSW search against exact search over the same vectors.
 */
import { randomBytes } from 'node:crypto';
import { writePerformanceSection } from './performance-doc';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { chatbots, documentChunks, knowledgeSources, organizations } from '../apps/server/src/db/schema/index';
import { cosineDistance, prepareVectorColumn, vectorLiteral } from '../apps/server/src/db/vector';
import { retrievePassages } from '../apps/server/src/features/chat/retrieval';
import { chunkText } from '../apps/server/src/rag/chunkers';
import { createLocalEmbedder } from '../apps/server/src/rag/embedders/local';

const maxArg = process.argv.indexOf('--max');
const MAX_CHUNKS = maxArg > 0 ? Number(process.argv[maxArg + 1]) : 100_000;
const SIZES = [10_000, 100_000].filter((n) => n <= MAX_CHUNKS);

// A deterministic corpus: sections about products, each with a few facts.
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const NOUNS = [
  'rocket',
  'engine',
  'valve',
  'thruster',
  'capsule',
  'sensor',
  'antenna',
  'battery',
  'panel',
  'gyroscope',
  'nozzle',
  'tank',
  'pump',
  'radar',
  'parachute',
  'hatch',
];
const ADJ = ['titanium', 'ceramic', 'carbon', 'copper', 'cryogenic', 'orbital', 'thermal', 'redundant', 'modular', 'pressurised', 'lightweight', 'reinforced'];
const VERBS = ['inspects', 'calibrates', 'replaces', 'tests', 'cleans', 'certifies', 'monitors', 'assembles'];
function section(i: number): string {
  const noun = pick(NOUNS);
  const facts = Array.from(
    { length: 6 },
    () =>
      `The ${pick(ADJ)} ${noun} model ${i}-${Math.floor(rand() * 900 + 100)} ${pick(VERBS)} the ${pick(ADJ)} ${pick(NOUNS)} every ${Math.floor(rand() * 30 + 1)} days.`,
  );
  return `## ${noun[0]!.toUpperCase()}${noun.slice(1)} ${i}\n\n${facts.join(' ')}\n`;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};

// 1. Ingestion throughput (pipeline only).
const embedder = createLocalEmbedder({ dimensions: 384 });
const corpus = Array.from({ length: 4000 }, (_, i) => section(i)).join('\n');
const bytes = Buffer.byteLength(corpus);
let started = performance.now();
const chunks = chunkText(corpus, { strategy: 'semantic', chunkSize: 300, chunkOverlap: 50 });
const vectors = await embedder.embed(chunks.map((c) => c.text));
const seconds = (performance.now() - started) / 1000;
if (vectors.length !== chunks.length) throw new Error('embedder returned a wrong number of vectors');
log(
  `| Ingestion (semantic chunking 300/50 + local embedder, ${(bytes / 1e6).toFixed(1)} MB) | ${(bytes / 1e6 / seconds).toFixed(2)} MB/s | ${Math.round(chunks.length / seconds)} chunks/s |`,
);

// 2. Retrieval at 10k and 100k chunks.
const database = await openDatabase({});
const { db } = database;
const [org] = await db
  .insert(organizations)
  .values({ name: 'bench', slug: `bench-${randomBytes(4).toString('hex')}` })
  .returning();
const [bot] = await db
  .insert(chatbots)
  .values({
    organizationId: org!.id,
    name: 'bench',
    systemPrompt: 'x',
    appearance: { color: '#000000', position: 'bottom-right', title: 'x', avatarUrl: null },
    embeddingDimensions: 384,
  })
  .returning();
const [source] = await db
  .insert(knowledgeSources)
  .values({ chatbotId: bot!.id, organizationId: org!.id, kind: 'text', name: 'corpus', status: 'ready' })
  .returning();

const texts: string[] = [];
const stored: number[][] = [];
let next = 0;
async function growTo(target: number) {
  const insertStart = performance.now();
  const from = next;
  while (next < target) {
    const batch = Array.from({ length: Math.min(500, target - next) }, (_, j) => section(next + j));
    const batchVectors = await embedder.embed(batch);
    await db.insert(documentChunks).values(
      batch.map((content, j) => ({
        sourceId: source!.id,
        chatbotId: bot!.id,
        chunkIndex: next + j,
        content,
        tokenCount: 60,
        embedding: vectorLiteral(database.vectorSearch, batchVectors[j]!) as unknown as number[],
        embeddingDimensions: 384,
      })),
    );
    texts.push(...batch);
    stored.push(...batchVectors);
    next += batch.length;
  }
  return (next - from) / ((performance.now() - insertStart) / 1000);
}

const questions = Array.from({ length: 100 }, (_, i) => `Which ${pick(ADJ)} ${pick(NOUNS)} does the ${pick(NOUNS)} model ${i * 37} ${pick(VERBS)}?`);
const queryVectors = await embedder.embed(questions);
const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  for (let i = 0; i < a.length; i += 1) dot += a[i]! * b[i]!;
  return 1 - dot; // both are unit vectors
};

for (const size of SIZES) {
  // Bulk loads build the HNSW index after loading (NOTES.md): drop it, load, rebuild.
  await db.execute(sql`DROP INDEX IF EXISTS document_chunks_embedding_384_hnsw`);
  const rate = await growTo(size);
  started = performance.now();
  await prepareVectorColumn(db, database.vectorSearch, 'document_chunks', 'embedding', { dimensionsColumn: 'embedding_dimensions', dimensions: [384] });
  const buildSeconds = (performance.now() - started) / 1000;
  await db.execute(sql`ANALYZE document_chunks`);
  log(`| Load to ${size.toLocaleString('en')} chunks (embed + insert) | ${Math.round(rate)} chunks/s | HNSW build ${buildSeconds.toFixed(1)} s |`);

  const latencies: number[] = [];
  for (const question of questions) {
    started = performance.now();
    await retrievePassages(database, { chatbotId: bot!.id, question, embedder, topK: 5 });
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  log(
    `| Hybrid retrieval at ${size.toLocaleString('en')} chunks (100 questions) | p50 ${pct(latencies, 50).toFixed(1)} ms | p95 ${pct(latencies, 95).toFixed(1)} ms |`,
  );

  let hits = 0;
  const annLatencies: number[] = [];
  for (const [q, queryVector] of queryVectors.entries()) {
    started = performance.now();
    const ann = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL hnsw.ef_search = 100`);
      await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
      return tx
        .select({ index: documentChunks.chunkIndex })
        .from(documentChunks)
        .where(sql`${documentChunks.chatbotId} = ${bot!.id} AND ${documentChunks.embeddingDimensions} = 384`)
        .orderBy(cosineDistance(database.vectorSearch, sql`${documentChunks.embedding}`, queryVector))
        .limit(10);
    });
    annLatencies.push(performance.now() - started);
    const exact = stored
      .map((v, i) => ({ i, d: cosine(v, queryVector) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 10)
      .map((x) => x.i);
    const found = new Set(ann.map((r) => r.index));
    hits += exact.filter((i) => found.has(i)).length;
    if (q === 0 && found.size === 0) throw new Error('HNSW search returned nothing');
  }
  annLatencies.sort((a, b) => a - b);
  log(
    `| HNSW top-10 at ${size.toLocaleString('en')} chunks (ef_search 100) | p50 ${pct(annLatencies, 50).toFixed(1)} ms, p95 ${pct(annLatencies, 95).toFixed(1)} ms | recall@10 ${(hits / (queryVectors.length * 10)).toFixed(3)} |`,
  );
}
await database.close();

writePerformanceSection(
  'Chatbots',
  `Measured by \`npm run bench:rag\` (bench/rag.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on the embedded
PGlite with pgvector, local embedder (384 dimensions), one process on a shared 2-core machine. The recall
is against an exact search over the same vectors computed in the benchmark; the corpus is generated
(sections about parts with overlapping vocabulary, so neighbours are close together — a hard case).

| measurement | figure | |
|---|---|---|
${lines.join('\n')}
`,
);
process.exit(0);
