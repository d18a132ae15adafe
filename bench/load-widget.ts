/**
 * Load test (issue 10): 200 concurrent widget conversations for 60 seconds against one node — the built server on
 * the embedded database, behind a trusted proxy (each visitor has its own address, as behind nginx). Counts answers,
 * designed 429s (with Retry-After) and errors (anything else); exits 1 on any error. Writes docs/performance.md
 * (section "Widget under load"). Run: npm run build && npm run load:widget [-- --visitors 200 --seconds 60 --postgres]
 * LOAD_LOG=file writes the node's request log (level info) to that file, to see where time goes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { freePort } from '../apps/server/src/test/free-port';
import { runWidgetLoad, seedLoadChatbots } from '../apps/server/src/test/widget-load';
import { writePerformanceSection } from './performance-doc';
import { createScratchDatabase } from './scratch-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const VISITORS = arg('visitors', 200);
const SECONDS = arg('seconds', 60);
const CHATBOTS = 20;
/** --postgres: the node on PostgreSQL (a fresh database, dropped afterwards) instead of the embedded database. */
const POSTGRES = process.argv.includes('--postgres');

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-load-'));
const secret = randomBytes(32).toString('hex');
const scratchDatabase = POSTGRES ? await createScratchDatabase('parley_load') : undefined;
const databaseUrl = scratchDatabase?.url;
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  PARLEY_SECRET_KEY: secret,
  LOG_LEVEL: process.env.LOAD_LOG ? 'info' : 'error',
  TRUSTED_PROXY: '127.0.0.1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

// The node's data: chatbots trained on a short document, prepared before the node starts (the embedded database
// serves one process at a time).
const seeding = await buildApp(loadConfig(env), {});
const chatbotIds = await seedLoadChatbots(seeding.db, seeding.database.vectorSearch, CHATBOTS);
await seeding.close();

const port = await freePort();
const node = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
  env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', process.env.LOAD_LOG ? (await import('node:fs')).openSync(process.env.LOAD_LOG, 'w') : 'ignore', 'inherit'],
});
const baseUrl = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries += 1) {
  const ok = await fetch(`${baseUrl}/api/health`).then(
    (r) => r.status === 200,
    () => false,
  );
  if (ok) break;
  if (tries > 600 || node.exitCode !== null) throw new Error('the node did not become healthy');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

console.log(`${VISITORS} visitors on ${CHATBOTS} chatbots for ${SECONDS} s against ${baseUrl} …`);
const result = await runWidgetLoad({ baseUrl, chatbotIds, visitors: VISITORS, durationMs: SECONDS * 1000, forwardedFor: true });
node.kill('SIGTERM');
await new Promise((resolve) => node.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
await scratchDatabase?.drop();

const ms = (value: number) => `${Math.round(value)}`;
console.log(JSON.stringify(result, null, 2));
writePerformanceSection(
  `Widget under load (${POSTGRES ? 'PostgreSQL' : 'PGlite'})`,
  `Measured by \`npm run load:widget\` (bench/load-widget.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a shared
2-core machine that also runs the load generator: one node (the built server, ${POSTGRES ? 'on PostgreSQL' : 'embedded database'}) behind a trusted
proxy (\`TRUSTED_PROXY=127.0.0.1\`, each visitor with its own \`X-Forwarded-For\` address, as behind nginx), ${CHATBOTS} live chatbots
trained on a short document, local embedder and extractive answers. ${VISITORS} visitors (${VISITORS / CHATBOTS} per chatbot) open the
widget, then ask, read the whole streamed answer, think 1–4 s and ask again, for ${SECONDS} s. A 429 (the chatbot's 120 a
minute, or a visitor's 20 a minute) must carry Retry-After; the visitor waits that long. Anything else is an error.

| visitors | seconds | answers | answers/s | 429 (designed) | errors | p50 ms | p95 ms | p99 ms | max ms | first event p95 ms |
|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
| ${result.visitors} | ${Math.round(result.durationMs / 1000)} | ${result.answered} | ${(result.answered / (result.durationMs / 1000)).toFixed(1)} | ${result.rateLimited} | ${result.errorCount} | ${ms(result.latencyMs.p50)} | ${ms(result.latencyMs.p95)} | ${ms(result.latencyMs.p99)} | ${ms(result.latencyMs.max)} | ${ms(result.firstEventMs.p95)} |

${result.errors.length ? `Errors: ${result.errors.map((e) => `${e.what} × ${e.count}`).join(', ')}.` : 'No errors.'} The test suite runs the same load for 10 seconds in-process
(\`apps/server/src/features/widget/load.test.ts\`) and fails on any error.
`,
);
process.exit(result.errorCount > 0 ? 1 : 0);
