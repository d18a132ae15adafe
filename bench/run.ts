/**
 * Request benchmarks through app.inject (no network), on PGlite and — when reachable — PostgreSQL.
 * Every figure is also given as a ratio to a baseline measured in the same run (GET /api/auth-config,
 * which touches no database), so noisy shared machines still give comparable numbers.
 * Writes docs/performance.md. Run: npm run bench
 */
import { randomBytes } from 'node:crypto';
import { writePerformanceSection } from './performance-doc';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../apps/server/src/db/schema/index';

interface Row {
  driver: string;
  name: string;
  count: number;
  p50: number;
  p95: number;
  perSecond: number;
  ratio: number;
}

async function time(count: number, fn: () => Promise<unknown>, warmUp = 20): Promise<number[]> {
  for (let i = 0; i < warmUp; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function benchDriver(driver: string, database: Database): Promise<Row[]> {
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: '/tmp/parley-bench', PARLEY_SECRET_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' },
    { persistSecret: false },
  );
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const email = `bench-${Date.now()}@example.com`;
  const password = 'benchmark password';
  await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, firstName: 'Bench', lastName: 'Mark' } });
  const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const link = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
  await app.inject({ method: 'GET', url: link.pathname + link.search });
  let ip = 0;
  const signIn = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `10.1.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}`);
    return response;
  };
  const signedIn = await signIn();
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  // Sign-in stays within the limit of 10 attempts per e-mail: 1 above, 1 warm-up, 8 measured.
  const cases: [string, number, () => Promise<unknown>, number?][] = [
    ['GET /api/auth-config (baseline, no database)', 2000, () => app.inject({ method: 'GET', url: '/api/auth-config' })],
    ['GET /api/health (database probe)', 2000, () => app.inject({ method: 'GET', url: '/api/health' })],
    ['GET /api/me (session + profile + organizations)', 1000, () => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })],
    ['POST /api/auth/sign-in/email (password hash check)', 8, signIn, 1],
  ];
  const rows: Row[] = [];
  let baseline = 0;
  for (const [name, count, fn, warmUp] of cases) {
    const samples = await time(count, fn, warmUp);
    const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
    if (!baseline) baseline = mean;
    rows.push({ driver, name, count, p50: pct(samples, 50), p95: pct(samples, 95), perSecond: 1000 / mean, ratio: mean / baseline });
    console.log(
      `${driver.padEnd(10)} ${name.padEnd(52)} p50 ${pct(samples, 50).toFixed(2)} ms  p95 ${pct(samples, 95).toFixed(2)} ms  ×${(mean / baseline).toFixed(1)}`,
    );
  }
  await app.close();
  return rows;
}

const rows: Row[] = [];
const pglite = await openDatabase({});
rows.push(...(await benchDriver('PGlite', pglite)));
await pglite.close();

let pgNote = '';
let scratchDatabase: ScratchDatabase | undefined;
try {
  scratchDatabase = await createScratchDatabase('parley_bench');
  const database = await openDatabase({ databaseUrl: scratchDatabase.url });
  rows.push(...(await benchDriver('PostgreSQL', database)));
  await database.close();
} catch (error) {
  pgNote = `PostgreSQL was not reachable (${error instanceof Error ? error.message : String(error)}); only PGlite was measured.`;
  console.warn(pgNote);
} finally {
  await scratchDatabase?.drop().catch(() => {});
}

const table = rows
  .map((r) => `| ${r.driver} | ${r.name} | ${r.count} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${Math.round(r.perSecond)} | ×${r.ratio.toFixed(1)} |`)
  .join('\n');
writePerformanceSection(
  null,
  `# Performance

Measured by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a shared 2-core machine:
requests go through \`app.inject\` one after another (no network, no concurrency), so the figures show the
cost of our code and the database round trips. Absolute numbers move with the machine's load; the ratio
to the baseline measured in the same run (GET /api/auth-config, no database) is the figure to compare
between runs.${pgNote ? `\n\n${pgNote}` : ''}

| database | request | n | p50 ms | p95 ms | per second | × baseline |
|---|---|---|---|---|---|---|
${table}

Notes:
- Sign-in is dominated by the password hash (scrypt), by design: it bounds password guessing.
- \`/api/me\` does three queries (session, profile, organizations) and a profile activity check.
`,
);
process.exit(0);
