/**
 * Chats while a document is written, on the embedded database (docs/decisions/0033-ingestion-without-stalling-the-server.md), printed and written to
 * docs/performance.md (section "Chats while a document is written").
 * Run: npm run bench:ingestion-chats [-- --size 20000] [--budgets 20,50]
 *
 * PGlite has one connection: while a transaction is open, every other query waits for it. A chatbot holds `--size`
 * chunks of real documents (bench/machine-corpus.ts) under the product's HNSW index, where writing a chunk costs tens
 * of milliseconds (docs/performance.md, "HNSW build parameters (PGlite)"). A document of about 200 chunks is then
 * processed by the product's ingestion job while chats arrive on a timer and run the product's retrieval (what a chat
 * asks of the database before its answer): with the chunks written in one transaction (what the embedded database
 * did before) and in steps (what it does now; --budgets, the steps' lengths compared), three rounds each, in turn.
 * The baseline is the same chats with no document being written, measured in the same run.
 */
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client';
import { knowledgeSources } from '../apps/server/src/db/schema/index';
import { prepareVectorColumn, vectorIndexName } from '../apps/server/src/db/vector';
import { retrievePassages } from '../apps/server/src/rag/retrieval';
import { STEP_BUDGET_MS } from '../apps/server/src/rag/chunk-writes';
import { processSource } from '../apps/server/src/features/knowledge-sources/ingest';
import { compactTermCounts } from '../apps/server/src/rag/term-counts';
import { chunkText } from '../apps/server/src/rag/chunkers';
import { createLocalEmbedder } from '../apps/server/src/rag/embedders/local';
import { createBenchChatbot, insertBenchChunks } from './bench-chatbot';
import { machineCorpus } from './machine-corpus';
import { writePerformanceSection } from './performance-doc';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const SIZE = Number(argument('--size', '20000'));
/** The step budgets compared, the product's first. */
const BUDGETS = argument('--budgets', `${STEP_BUDGET_MS},50`).split(',').map(Number);
const DOCUMENT_CHUNKS = 200;
const ROUNDS = 3;
const DIMENSIONS = 384;

let seed = 11;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const corpus = machineCorpus();
for (let i = corpus.chunks.length - 1; i > 0; i -= 1) {
  const j = Math.floor(rand() * (i + 1));
  [corpus.chunks[i], corpus.chunks[j]] = [corpus.chunks[j]!, corpus.chunks[i]!];
}
if (corpus.chunks.length < SIZE + 20_000) throw new Error(`The machine corpus has ${corpus.chunks.length} chunks, too few for --size ${SIZE}`);

const database = await openDatabase({});
if (database.vectorSearch !== 'pgvector' || database.driver !== 'pglite') throw new Error('This benchmark needs the embedded database with pgvector');
const { db } = database;
const embedder = createLocalEmbedder({ dimensions: DIMENSIONS });
const { organizationId, chatbot: bot } = await createBenchChatbot(db, { embeddingDimensions: DIMENSIONS });
const [corpusSource] = await db
  .insert(knowledgeSources)
  .values({ chatbotId: bot.id, organizationId, kind: 'text', name: 'corpus', status: 'ready' })
  .returning();

// Load, then build the product's index once (a bulk load builds after loading, NOTES.md).
console.log(`loading ${SIZE.toLocaleString('en')} chunks and building the HNSW index (minutes in PGlite) ...`);
await db.execute(sql.raw(`DROP INDEX IF EXISTS ${vectorIndexName('document_chunks', 'embedding', DIMENSIONS, 'vector')}`));
for (let next = 0; next < SIZE; next += 500) {
  const batch = corpus.chunks.slice(next, Math.min(SIZE, next + 500));
  const vectors = await embedder.embed(batch);
  await insertBenchChunks(database, { sourceId: corpusSource!.id, chatbotId: bot.id }, next, batch, vectors);
}
await compactTermCounts(db, bot.id);
const buildStarted = performance.now();
await prepareVectorColumn(db, database.vectorSearch, 'document_chunks', 'embedding', {
  dimensionsColumn: 'embedding_dimensions',
  dimensions: [DIMENSIONS],
  form: 'vector',
  indexes: database.vectorIndexes,
});
const buildSeconds = (performance.now() - buildStarted) / 1000;
await db.execute(sql`ANALYZE document_chunks`);
console.log(`index built in ${buildSeconds.toFixed(0)} s`);

const questions = Array.from({ length: 200 }, () => {
  const words = pick(corpus.chunks.slice(0, SIZE))
    .toLowerCase()
    .match(/[a-z]+/g)!;
  return `What about ${Array.from({ length: 5 }, () => pick(words)).join(' ')}?`;
});
let asked = 0;
const chat = () => retrievePassages(database, { chatbotId: bot.id, question: questions[asked++ % questions.length]!, embedder, topK: 5 });

/**
 * Chats arriving on a timer, one every CHAT_INTERVAL_MS, as requests come to a server: each is started by the event
 * loop (a timer, as a request's arrival is an I/O callback) and its latency counts from when it was due, so a chat
 * kept waiting by a job that does not let the event loop run is measured waiting. Those due until `until` settles,
 * or `count`.
 */
const CHAT_INTERVAL_MS = 40;
async function chatsArriving({ until, count }: { until?: Promise<unknown>; count?: number }): Promise<number[]> {
  const latencies: number[] = [];
  const running: Promise<void>[] = [];
  // When `until` settled: the chats due before then all arrive, however late the event loop let their timers fire.
  let end = Infinity;
  void until?.finally(() => (end = performance.now()));
  const start = performance.now();
  for (let k = 0; until ? start + k * CHAT_INTERVAL_MS <= end : k < count!; k += 1) {
    const due = start + k * CHAT_INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    running.push(chat().then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(running);
  return latencies;
}

/** A document of about DOCUMENT_CHUNKS chunks at the chatbot's chunking, from corpus text not yet stored. */
let unused = SIZE;
function nextDocument(): string {
  let text = '';
  while (chunkText(text, { strategy: bot.chunkingStrategy, chunkSize: bot.chunkSize, chunkOverlap: bot.chunkOverlap }).length < DOCUMENT_CHUNKS) {
    text += `${corpus.chunks.slice(unused, unused + 20).join('\n\n')}\n\n`;
    unused += 20;
  }
  return text;
}

const log = Fastify({ logger: false }).log;
type Way = { mode: 'one-transaction' } | { mode: 'steps'; budgetMs: number };
const WAYS: Way[] = [{ mode: 'one-transaction' }, ...BUDGETS.map((budgetMs) => ({ mode: 'steps' as const, budgetMs }))];
const label = (way: Way) =>
  way.mode === 'one-transaction'
    ? 'Chunks written in one transaction (before)'
    : `Chunks written in steps of about ${way.budgetMs} ms${way.budgetMs === STEP_BUDGET_MS ? " (the product's)" : ''}`;

async function writeWhileChatting(way: Way) {
  const text = nextDocument();
  const [source] = await db
    .insert(knowledgeSources)
    .values({ chatbotId: bot.id, organizationId, kind: 'text', name: label(way), data: Buffer.from(text), sizeBytes: text.length })
    .returning();
  const started = performance.now();
  const run = processSource(
    {
      database,
      embedderFor: () => embedder,
      fetchTimeoutMs: 1000,
      allowPrivateNetworks: false,
      log,
      meter: { storageCharge: async (text: string) => ({ tokens: 0, characters: text.length, tokensPerCharacter: 0, multiplier: 0 }) },
      chunkWrites: way.mode,
      stepBudgetMs: way.mode === 'steps' ? way.budgetMs : undefined,
    },
    { sourceId: source!.id, version: 1 },
  );
  const latencies = await chatsArriving({ until: run });
  if ((await run) !== 'done') throw new Error('the document was not processed');
  const seconds = (performance.now() - started) / 1000;
  const [ready] = await db.select({ chunkCount: knowledgeSources.chunkCount }).from(knowledgeSources).where(eq(knowledgeSources.id, source!.id));
  return { latencies, seconds, chunks: ready!.chunkCount };
}

// Warm up, then the baseline.
await chatsArriving({ count: 25 });
const idle = await chatsArriving({ count: 250 });

const results = WAYS.map(() => ({ latencies: [] as number[], seconds: [] as number[], chunks: [] as number[] }));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [i, way] of WAYS.entries()) {
    const outcome = await writeWhileChatting(way);
    results[i]!.latencies.push(...outcome.latencies);
    results[i]!.seconds.push(outcome.seconds);
    results[i]!.chunks.push(outcome.chunks);
    console.log(`round ${round + 1}, ${label(way)}: ${outcome.chunks} chunks in ${outcome.seconds.toFixed(1)} s, ${outcome.latencies.length} chats`);
  }
}
await database.close();

const idleP95 = percentile(idle, 95);
const rows: string[] = [];
const row = (label: string, latencies: number[], extra: string) => {
  const line = `| ${label} | ${latencies.length} | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 95).toFixed(1)} ms (${(percentile(latencies, 95) / idleP95).toFixed(1)}×) | ${Math.max(...latencies).toFixed(0)} ms | ${extra} |`;
  console.log(line);
  rows.push(line);
};
row('No document being written (baseline)', idle, '');
for (const [i, way] of WAYS.entries()) {
  const { latencies, seconds, chunks } = results[i]!;
  const median = [...seconds].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  row(label(way), latencies, `${Math.round(chunks.reduce((s, n) => s + n, 0) / chunks.length)} chunks in ${median.toFixed(1)} s (median of ${ROUNDS})`);
}

writePerformanceSection(
  'Chats while a document is written',
  `Measured by \`npm run bench:ingestion-chats -- --size ${SIZE}\` (bench/ingestion-chats.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a
shared 2-core machine, in PGlite (in memory, pgvector, the product's HNSW index over ${SIZE.toLocaleString('en')} chunks of real documents,
built in ${buildSeconds.toFixed(0)} s). A chat arrives every ${CHAT_INTERVAL_MS} ms, started by the event loop as a request would be, and runs the
product's retrieval (what a chat asks of the database before it answers) while the ingestion job processes a document
of about ${DOCUMENT_CHUNKS} chunks into the same chatbot: ${ROUNDS} rounds of each way of writing, in turn. A chat's latency counts from
when it arrived. The baseline is the same chats with nothing being written, in the same run.

| While | Chats | p50 | p95 (× baseline) | Longest | Document written |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

- The embedded database has one connection, and PGlite answers without I/O, so a job running query after query keeps
  the event loop too: in one transaction, a document's chunks held every chat until the last was written. In steps,
  with the event loop let through between them, a chat waits for the step under way (docs/decisions/0033-ingestion-without-stalling-the-server.md).
- A chat and a step take turns. At this size a step of 20 ms is one or two chunks (about 25 ms); with a chat's own
  12 ms that just fits in the 40 ms between chats. Steps of 50 ms do not, and chats queued behind them. More chats
  than that while a document is written queue too, for as long as the document takes.`,
);
