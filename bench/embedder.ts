/**
 * The built-in all-MiniLM-L6-v2 embedder (rag/embedders/minilm): throughput, what it costs the event loop, how long
 * a question waits behind a document, and memory. Printed and written to docs/performance.md, section "Embedding model".
 * Run: npm run bench:embedder
 *
 * The passages are Parley's own documentation (README and docs/*.md) cut into 256 passages of 100 words.
 * - loading: the first call (thread start, weights read, ONNX graph built, session created);
 * - throughput: the 256 passages in one call, at batch 8 and batch 32 (the default), in turns, three runs each:
 *   passages per second and per CPU-second (process CPU time, every thread);
 * - the event loop: the longest it waited for a turn while the passages were embedded (monitorEventLoopDelay,
 *   sampled every millisecond), beside the same measure over an idle second, since a shared machine adds its own,
 *   and the share of the time it was busy (eventLoopUtilization), which is this thread's own work;
 * - a question asked while a 256-passage document is being embedded: how long it took, at each batch size;
 * - peak RSS of the process (the model's thread included), and the hashing embedder on the same passages for scale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { writePerformanceSection } from './performance-doc';
import { createLocalEmbedder } from '../apps/server/src/rag/embedders/local';
import { createMiniLmEmbedder, miniLmStatus } from '../apps/server/src/rag/embedders/minilm/index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSAGES = 256;
const WORDS_PER_PASSAGE = 100;
// The smaller first: the process's peak RSS only grows, so each size's first run shows what it adds.
const BATCH_SIZES = [8, 32];
const RUNS = 3;
const QUESTION = 'How do I export my conversations?';

const docs = [
  path.join(ROOT, 'README.md'),
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(ROOT, 'docs', f)),
];
const words = docs.flatMap((file) => readFileSync(file, 'utf8').split(/\s+/).filter(Boolean));
const passages = Array.from({ length: PASSAGES }, (_, i) => {
  const start = (i * WORDS_PER_PASSAGE) % Math.max(1, words.length - WORDS_PER_PASSAGE);
  return words.slice(start, start + WORDS_PER_PASSAGE).join(' ');
});

const status = await miniLmStatus();
if (status.state === 'unavailable') {
  console.error(`The model cannot run here: ${status.reason}`);
  process.exit(1);
}
const said: string[] = [];
/** Prints a finding and keeps it for docs/performance.md. */
const say = (line: string) => {
  console.log(line);
  said.push(`- ${line}`);
};
const ms = (value: number) => `${Math.round(value)} ms`;
const cores = availableParallelism();

let started = performance.now();
await createMiniLmEmbedder().embed(['warm-up']);
say(`loading (first call): ${ms(performance.now() - started)}; ${cores} cores, inference on ${Math.max(1, cores - 1)}`);

const delay = monitorEventLoopDelay({ resolution: 1 });
const longest = () => (delay.max / 1e6).toFixed(1);
delay.enable();
await sleep(1000);
delay.disable();
say(`event loop idle for a second (the machine's own noise): longest wait ${longest()} ms`);

const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const results = new Map(BATCH_SIZES.map((size) => [size, { runs: [] as { wall: number; cpu: number }[], loopMs: 0, busy: 0, peakMb: 0 }]));
for (let run = 0; run < RUNS; run++) {
  for (const batchSize of BATCH_SIZES) {
    const embedder = createMiniLmEmbedder({ batchSize });
    const cpuBefore = process.cpuUsage();
    delay.reset();
    delay.enable();
    const utilisation = perf.eventLoopUtilization();
    started = performance.now();
    await embedder.embed(passages);
    const wall = (performance.now() - started) / 1000;
    delay.disable();
    const cpu = process.cpuUsage(cpuBefore);
    const result = results.get(batchSize)!;
    result.runs.push({ wall, cpu: (cpu.user + cpu.system) / 1e6 });
    result.loopMs = Math.max(result.loopMs, delay.max / 1e6);
    result.busy = Math.max(result.busy, perf.eventLoopUtilization(utilisation).utilization);
    if (run === 0) result.peakMb = peakMb();
  }
}
for (const [batchSize, { runs, loopMs, busy, peakMb: peak }] of results) {
  const best = runs.reduce((a, b) => (a.wall < b.wall ? a : b));
  say(
    `batch ${batchSize}, ${PASSAGES} passages of ${WORDS_PER_PASSAGE} words: ` +
      runs.map(({ wall }) => (PASSAGES / wall).toFixed(1)).join(', ') +
      ` passages/s (best ${(PASSAGES / best.wall).toFixed(1)}; ${(PASSAGES / best.cpu).toFixed(1)} per CPU-second);` +
      ` event loop while embedding: longest wait ${loopMs.toFixed(1)} ms, busy ${(100 * busy).toFixed(1)}% of the time;` +
      ` peak RSS after its first run ${peak} MB`,
  );
}

// A question during a document waits for the batch already running, not for the document.
for (const batchSize of BATCH_SIZES) {
  const embedder = createMiniLmEmbedder({ batchSize });
  const document = embedder.embed(passages);
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(700);
    started = performance.now();
    await embedder.embed([QUESTION]);
    waits.push(performance.now() - started);
  }
  await document;
  say(`batch ${batchSize}: a question asked during a ${PASSAGES}-passage document took ${waits.map(ms).join(', ')}`);
}
started = performance.now();
await createMiniLmEmbedder().embed([QUESTION]);
say(`the same question alone: ${ms(performance.now() - started)}`);

const hashing = createLocalEmbedder();
started = performance.now();
await hashing.embed(passages);
say(`for scale, the hashing embedder (feature-hash-v1) on the same passages: ${(PASSAGES / ((performance.now() - started) / 1000)).toFixed(0)} passages/s`);
say(`peak RSS at the end: ${peakMb()} MB`);

writePerformanceSection(
  'Embedding model',
  `all-MiniLM-L6-v2 in its worker thread (\`npm run bench:embedder\`, ${cores} cores, one run; the machine's own noise is measured beside it):\n\n${said.join('\n')}`,
);
process.exit(0);
