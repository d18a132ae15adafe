/**
 * Start-up time (issue 10: process start to healthy ≤ 2 s after the build), printed and written to
 * docs/performance.md (section "Start-up"). Run: npm run build && npm run bench:startup
 *
 * Spawns the built server (`node apps/server/dist/main.js`) and polls GET /api/health every 10 ms until it answers
 * 200; the clock runs from the spawn. Cases: the embedded database on a fresh data directory (first start: copies
 * the build's migrated template, builds the indexes), the same without the template (as before docs/decisions/0028-start-up.md: creates
 * the database and runs every migration), and on an existing directory; PostgreSQL on a fresh database and again. The baseline is a bare Fastify hello-world process measured the same way in the same run.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePerformanceSection } from './performance-doc';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { freePort } from '../apps/server/src/test/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const RUNS = 5;
const HEALTH_TIMEOUT_MS = 60_000;

if (!existsSync(SERVER)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** Milliseconds from spawning `args` until GET /api/health (or /) on the port answers 200; then the process is stopped. */
async function timeToHealthy(args: string[], env: Record<string, string>, probePath: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}: ${stderr.slice(0, 500)}`);
      if (performance.now() - started > HEALTH_TIMEOUT_MS) throw new Error(`not healthy within ${HEALTH_TIMEOUT_MS} ms: ${stderr.slice(0, 500)}`);
      const ok = await fetch(`http://127.0.0.1:${port}${probePath}`, { signal: AbortSignal.timeout(1000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: { name: string; runs: number[] }[] = [];
async function measure(name: string, run: () => Promise<number>): Promise<void> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await run());
  rows.push({ name, runs });
  console.log(`${name}: median ${median(runs).toFixed(0)} ms, max ${Math.max(...runs).toFixed(0)} ms`);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'parley-startup-'));
const baseline = path.join(scratch, 'hello.mjs');
writeFileSync(
  baseline,
  `import Fastify from ${JSON.stringify(path.join(ROOT, 'node_modules/fastify/fastify.js'))};
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`,
);
const secret = randomBytes(32).toString('hex');

await measure('bare Fastify hello-world process (baseline)', () => timeToHealthy([baseline], {}, '/'));
const firstStart = () => timeToHealthy([SERVER], { DATA_DIR: mkdtempSync(path.join(scratch, 'data-')), PARLEY_SECRET_KEY: secret }, '/api/health');
await measure("PGlite, first start (new data directory: a copy of the build's migrated template)", firstStart);
// The same without the template, as every first start was before it (the file is put back whatever happens).
const template = path.join(ROOT, 'apps/server/dist/pglite-template');
const aside = `${template}.aside`;
renameSync(template, aside);
try {
  await measure('PGlite, first start without the template (before: database created, all migrations)', firstStart);
} finally {
  renameSync(aside, template);
}
const existing = mkdtempSync(path.join(scratch, 'data-'));
await timeToHealthy([SERVER], { DATA_DIR: existing, PARLEY_SECRET_KEY: secret }, '/api/health');
await measure('PGlite, later start (existing data directory)', () => timeToHealthy([SERVER], { DATA_DIR: existing, PARLEY_SECRET_KEY: secret }, '/api/health'));

const created: ScratchDatabase[] = [];
const freshDatabase = async () => {
  const database = await createScratchDatabase('parley_startup');
  created.push(database);
  return database.url;
};
let postgresNote = '';
try {
  const dataDir = mkdtempSync(path.join(scratch, 'data-'));
  await measure('PostgreSQL, first start (new database: all migrations)', async () =>
    timeToHealthy([SERVER], { DATABASE_URL: await freshDatabase(), DATA_DIR: dataDir, PARLEY_SECRET_KEY: secret }, '/api/health'),
  );
  const url = await freshDatabase();
  await timeToHealthy([SERVER], { DATABASE_URL: url, DATA_DIR: dataDir, PARLEY_SECRET_KEY: secret }, '/api/health');
  await measure('PostgreSQL, later start (migrated database)', () =>
    timeToHealthy([SERVER], { DATABASE_URL: url, DATA_DIR: dataDir, PARLEY_SECRET_KEY: secret }, '/api/health'),
  );
} catch (error) {
  postgresNote = `- PostgreSQL was not measured: ${error instanceof Error ? error.message : String(error)}.`;
  console.log(postgresNote);
} finally {
  for (const database of created) await database.drop().catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}

const base = median(rows[0]!.runs);
writePerformanceSection(
  'Start-up',
  `Measured by \`npm run bench:startup\` (bench/startup.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a shared
2-core machine, after \`npm run build\`: the time from spawning \`node apps/server/dist/main.js\` until
\`GET /api/health\` answers 200 (polled every 10 ms), ${RUNS} runs each. The baseline is a bare Fastify hello-world
process measured the same way in the same run. Issue 10's target: ≤ 2 s.

| start | median ms | max ms | × baseline |
|---|--:|--:|--:|
${rows.map((r) => `| ${r.name} | ${median(r.runs).toFixed(0)} | ${Math.max(...r.runs).toFixed(0)} | ×${(median(r.runs) / base).toFixed(1)} |`).join('\n')}

${postgresNote}
Where a start goes: the server logs \`application built\` with \`startUpMs\` (database, routes, job queue and
web app) and the process uptime; the workers and the periodic work start a second after the server listens and log
\`workersMs\` (docs/decisions/0028-start-up.md: they took 0.15–0.27 s before listening, and started at once their queries held up
the first requests on the embedded database's one connection). On PGlite about 0.5 s of a later start (1 s on a loaded machine) is PGlite.create on an existing
data directory (the embedded PostgreSQL starting inside its wasm); the rest is loading and compiling the bundle and
registering the routes, which PostgreSQL pays too. A first start on PGlite used to create the database (initdb inside
the wasm) and run every migration, most of its time; the build now writes that migrated data directory once
(apps/server/dist/pglite-template/) and a first start copies it (docs/decisions/0028-start-up.md): the two first-start rows are
the after and the before in the same run. From 2026-11-26 (docs/decisions/0029-response-serialisation-and-per-request-cost.md) every start also compiled the response
serialisers of every route before listening, about 0.9 s of CPU; they are now compiled on each route's first response
(docs/decisions/0029-response-serialisation-and-per-request-cost.md). The target depends on how loaded the machine is: the starts scale with the bare start (the × baseline
column). Loading optional packages lazily, bundling the dependencies
and skipping drizzle's migrator when nothing is pending took the later starts from 3.5 s (PGlite) and 1.7 s
(PostgreSQL) to 2.8 s and 1.2 s, measured one after the other on the loaded machine (docs/decisions/0028-start-up.md).
`,
);
process.exit(0);
