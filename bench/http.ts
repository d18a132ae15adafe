/**
 * HTTP benchmark over loopback with concurrency (issue 10), printed and written to docs/performance.md (section
 * "HTTP under concurrency"). Run: npm run build && npm run bench:http
 *
 * The built server runs as its own process, on the embedded PGlite and on PostgreSQL (a fresh database, dropped
 * afterwards), behind a trusted proxy (TRUSTED_PROXY=127.0.0.1). Measured, each as a ratio to a bare Fastify
 * hello-world process measured the same way in the same run:
 * - GET /api/health (a database probe);
 * - the admin activity list (GET /api/admin/activity, a page of the newest 100 and the summary counts over all of them) over 1,000,000 rows,
 *   as a signed-in system admin;
 * - the widget chat (POST /api/public/chatbots/:id/messages, streamed, read to the end) on a chatbot with 10,000
 *   chunks, local embedder, extractive answers. A chatbot answers at most 120 questions a minute (spec), so the
 *   benchmark sends 100 (each from its own forwarded address) and divides by the time they took.
 *
 * For profiling: BENCH_HTTP_DATABASES=postgres (or pglite) measures one database and leaves docs/performance.md alone;
 * BENCH_HTTP_PROFILE=<dir> runs the server with `node --cpu-prof` and writes its profiles there;
 * BENCH_HTTP_COMPARE=a/main.js,b/main.js measures two builds' health, list and widget chat in turns, three rounds, and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { adminUsers, documentChunks, emailOutbox, knowledgeSources } from '../apps/server/src/db/schema/index';
import { vectorLiteral, type VectorSearchMode } from '../apps/server/src/db/vector';
import { createLocalEmbedder } from '../apps/server/src/rag/embedders/local';
import { seedLoadChatbots } from '../apps/server/src/test/widget-load';
import { writePerformanceSection } from './performance-doc';
import { startProcess } from './process';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 32;
const SECONDS = 8;
const CHAT_REQUESTS = 100;
const CHAT_CONCURRENCY = 8;
const DATABASES = (process.env.BENCH_HTTP_DATABASES ?? 'pglite,postgres').split(',');
const PROFILE_DIR = process.env.BENCH_HTTP_PROFILE;
const COMPARE = (process.env.BENCH_HTTP_COMPARE ?? '').split(',').filter(Boolean);

interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  statuses: Record<string, number>;
  /** The server process's CPU time (user + system) per answered request, from /proc; null where there is none. */
  cpuPerRequest: number | null;
  /** PostgreSQL's processes' CPU per answered request (every backend of the server on this machine); null on PGlite. */
  databaseCpuPerRequest: number | null;
  /** This process's CPU (the load generator) per answered request. */
  clientCpuPerRequest: number;
}

/** CPU milliseconds a process has used so far (Linux /proc, in clock ticks of 10 ms), or null. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
/** CPU milliseconds every PostgreSQL process on this machine has used so far, or null when none runs here. */
function postgresCpuMs(): number | null {
  let total: number | null = null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      total = (total ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process exited between the listing and the read.
    }
  }
  return total;
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `connections` clients, each sending its next request when the last one has been read to the end. */
async function hammer(
  url: string,
  options: {
    connections: number;
    seconds?: number;
    total?: number;
    /** The server's process id, to measure its CPU per request. */
    pid?: number;
    /** Also measure PostgreSQL's CPU per request (the server runs on PostgreSQL on this machine). */
    postgres?: boolean;
    request: (n: number) => { method?: string; headers?: Record<string, string>; body?: string };
  },
): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cpuBefore = processCpuMs(options.pid);
  const databaseCpuBefore = options.postgres ? postgresCpuMs() : null;
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + (options.seconds ?? 3600) * 1000;
  let sent = 0;
  const one = (n: number) =>
    new Promise<string>((resolve) => {
      const { method = 'GET', headers = {}, body } = options.request(n);
      const request = http.request(
        url,
        { agent, method, headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers },
        (response) => {
          response.resume();
          response.on('end', () => resolve(String(response.statusCode)));
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
      request.on('error', (error) => resolve(error.message === 'timeout' ? 'timeout' : 'error'));
      request.end(body);
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline && (options.total === undefined || sent < options.total)) {
        const n = sent++;
        const t = performance.now();
        const status = await one(n);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status.startsWith('2')) latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const cpuAfter = processCpuMs(options.pid);
  const databaseCpuAfter = options.postgres ? postgresCpuMs() : null;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const answered = Math.max(1, latencies.length);
  const cpuPerRequest = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / answered : null;
  const databaseCpuPerRequest = databaseCpuBefore !== null && databaseCpuAfter !== null ? (databaseCpuAfter - databaseCpuBefore) / answered : null;
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    statuses,
    cpuPerRequest,
    databaseCpuPerRequest,
    clientCpuPerRequest: (clientCpu.user + clientCpu.system) / 1000 / answered,
  };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'parley-http-'));
const cpuCell = (figures: Figures | undefined, digits = 3) => (figures?.cpuPerRequest == null ? '—' : figures.cpuPerRequest.toFixed(digits));
const databaseCpuCell = (figures: Figures | undefined, digits = 3) =>
  figures?.databaseCpuPerRequest == null ? '—' : figures.databaseCpuPerRequest.toFixed(digits);
const rows: { database: string; name: string; figures: Figures }[] = [];
const record = (database: string, name: string, figures: Figures) => {
  rows.push({ database, name, figures });
  console.log(
    `${database.padEnd(10)} ${name.padEnd(60)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  CPU ms/request: server ${cpuCell(figures)}, PostgreSQL ${databaseCpuCell(figures)}, load generator ${figures.clientCpuPerRequest.toFixed(3)}  ${JSON.stringify(figures.statuses)}`,
  );
};

// The baseline: a bare Fastify hello-world process.
const hello = path.join(scratch, 'hello.mjs');
writeFileSync(
  hello,
  `import Fastify from ${JSON.stringify(path.join(ROOT, 'node_modules/fastify/fastify.js'))};
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`,
);
const bare = await startProcess([hello], {}, '/');
const baseline = await hammer(`${bare.base}/`, { connections: CONNECTIONS, seconds: SECONDS, pid: bare.pid, request: () => ({}) });
record('—', 'bare Fastify hello-world (baseline)', baseline);
await bare.stop();

/** How each database measured searched the vectors (PostgreSQL without pgvector scans them exactly). */
const vectorSearchOf = new Map<string, VectorSearchMode>();

/** Prepares an installation (admin, 1M activity rows, a chatbot with 10k chunks), then benchmarks a node on it. */
async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<void> {
  const onPostgres = databaseUrl !== undefined;
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(scratch, 'data-')),
    PARLEY_SECRET_KEY: randomBytes(32).toString('hex'),
    TRUSTED_PROXY: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const setup = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), {});
  const { db } = setup;
  vectorSearchOf.set(label, setup.database.vectorSearch);
  const email = `admin-${Date.now()}@example.com`;
  const password = 'benchmark password';
  await setup.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, firstName: 'Bench', lastName: 'Admin' } });
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const link = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
  await setup.inject({ method: 'GET', url: link.pathname + link.search });
  const signedIn = await setup.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const me = (await setup.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { user: { id: string } };
  await db.insert(adminUsers).values({ userId: me.user.id, role: 'system_admin', isActive: true });

  let started = performance.now();
  await db.execute(sql`
    INSERT INTO admin_activity_logs (action, resource_type, resource_id, admin_user_id, details, ip_address, created_at)
    SELECT (ARRAY['user_update','tier_change','template_edit','settings_update'])[1 + i % 4], 'user', i::text, ${me.user.id}::uuid,
           jsonb_build_object('n', i), '10.0.0.1', now() - (i * interval '7 seconds')
      FROM generate_series(1, 1000000) AS i`);
  await db.execute(sql`ANALYZE admin_activity_logs`);
  console.log(`${label}: 1,000,000 activity rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  const [chatbotId] = await seedLoadChatbots(db, setup.database.vectorSearch, 1);
  const [source] = await db.select({ id: knowledgeSources.id }).from(knowledgeSources).where(eq(knowledgeSources.chatbotId, chatbotId!));
  const embedder = createLocalEmbedder({ dimensions: 384 });
  const words = ['refund', 'shipping', 'invoice', 'warranty', 'password', 'export', 'delivery', 'account', 'order', 'return', 'payment', 'support'];
  for (let batch = 0; batch < 20; batch += 1) {
    const texts = Array.from(
      { length: 500 },
      (_, j) =>
        `Article ${batch * 500 + j}: the ${words[(batch + j) % words.length]} team handles case ${j} about ${words[j % words.length]} within ${(j % 9) + 1} days.`,
    );
    const vectors = await embedder.embed(texts);
    await db.insert(documentChunks).values(
      texts.map((content, j) => ({
        sourceId: source!.id,
        chatbotId: chatbotId!,
        chunkIndex: 100 + batch * 500 + j,
        content,
        tokenCount: 30,
        embedding: vectorLiteral(setup.database.vectorSearch, vectors[j]!) as unknown as number[],
        embeddingDimensions: 384,
      })),
    );
  }
  await db.execute(sql`ANALYZE document_chunks`);
  console.log(`${label}: 10,000 chunks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await setup.close();

  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const healthAndList = async (node: { base: string; pid?: number }, prefix: string) => {
    record(
      label,
      `${prefix}GET /api/health`,
      await hammer(`${node.base}/api/health`, { connections: CONNECTIONS, seconds: SECONDS, pid: node.pid, postgres: onPostgres, request: () => ({}) }),
    );
    record(
      label,
      `${prefix}GET /api/admin/activity (1M rows, system admin)`,
      await hammer(`${node.base}/api/admin/activity?pageSize=100`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        pid: node.pid,
        postgres: onPostgres,
        request: () => ({ headers: { cookie } }),
      }),
    );
  };
  // A process starts with empty rate-limit counters (no Redis here): every node may ask its 100 questions.
  const widgetChat = async (node: { base: string; pid?: number }, prefix: string) =>
    record(
      label,
      `${prefix}widget chat, 10k chunks (${CHAT_REQUESTS} questions, ${CHAT_CONCURRENCY} at a time)`,
      await hammer(`${node.base}/api/public/chatbots/${chatbotId}/messages`, {
        connections: CHAT_CONCURRENCY,
        total: CHAT_REQUESTS,
        pid: node.pid,
        postgres: onPostgres,
        request: (n) => ({
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` },
          body: JSON.stringify({ message: `How long does the ${words[n % words.length]} team take?`, visitorId: `visitor-${n}` }),
        }),
      }),
    );
  if (COMPARE.length) {
    // Builds side by side on the same data, in turns, so the machine's load falls on each alike.
    for (let round = 1; round <= 3; round += 1) {
      for (const bundle of COMPARE) {
        const node = await startProcess([...profile, path.resolve(bundle)], env, '/api/health');
        await healthAndList(node, `${path.basename(path.dirname(bundle))}/${path.basename(bundle)} round ${round}: `);
        await widgetChat(node, `${path.basename(path.dirname(bundle))}/${path.basename(bundle)} round ${round}: `);
        await node.stop();
      }
    }
    return;
  }
  const node = await startProcess([...profile, path.join(ROOT, 'apps/server/dist/main.js')], env, '/api/health');
  await healthAndList(node, '');
  await widgetChat(node, '');
  await node.stop();
}

if (DATABASES.includes('pglite')) await benchDatabase('PGlite', undefined);
let postgresNote = '';
let scratchDatabase: ScratchDatabase | undefined;
try {
  if (!DATABASES.includes('postgres')) throw new Error('not asked for (BENCH_HTTP_DATABASES)');
  scratchDatabase = await createScratchDatabase('parley_http');
  await benchDatabase('PostgreSQL', scratchDatabase.url);
} catch (error) {
  postgresNote = `- PostgreSQL was not measured: ${error instanceof Error ? error.message : String(error)}.`;
  console.log(postgresNote);
} finally {
  await scratchDatabase?.drop().catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}

if (DATABASES.length < 2 || COMPARE.length) process.exit(0);
const find = (database: string, prefix: string) => rows.find((r) => r.database === database && r.name.startsWith(prefix))?.figures;
const ms = (figures: Figures | undefined) => cpuCell(figures, 2);
/** Every process's CPU a request: the server's, PostgreSQL's (none on PGlite) and the load generator's. */
const cpuTotal = (figures: Figures | undefined) =>
  figures ? (figures.cpuPerRequest ?? 0) + (figures.databaseCpuPerRequest ?? 0) + figures.clientCpuPerRequest : Number.NaN;
const cpuSum = (figures: Figures | undefined) => cpuTotal(figures).toFixed(2);
/** The share of the bare figure two cores would allow if the server spent no CPU on the request. */
const ceilingShare = (figures: Figures | undefined) =>
  figures ? `${((2000 / (cpuTotal(figures) - (figures.cpuPerRequest ?? 0)) / baseline.perSecond) * 100).toFixed(0)}%` : '—';
writePerformanceSection(
  'HTTP under concurrency',
  `Measured by \`npm run bench:http\` (bench/http.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a shared 2-core
machine that also runs the load generator (so the server has about one core). Real HTTP over loopback with keep-alive:
${CONNECTIONS} connections for ${SECONDS} s each, every connection sending its next request when the last answer has been read. The
server is the built \`apps/server/dist/main.js\` as its own process; the baseline is a bare Fastify hello-world process
measured the same way in the same run; × bare is req/s ÷ the bare req/s. The widget chat sends ${CHAT_REQUESTS} questions ${CHAT_CONCURRENCY} at a time
(a chatbot answers at most 120 a minute) and reads each streamed answer to the end.

| database | request | requests | req/s | p50 ms | p95 ms | server CPU ms a request | PostgreSQL CPU ms a request | load generator CPU ms a request | × bare |
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|
${rows.map((r) => `| ${r.database} | ${r.name} | ${r.figures.requests} | ${r.figures.perSecond.toFixed(0)} | ${r.figures.p50.toFixed(1)} | ${r.figures.p95.toFixed(1)} | ${cpuCell(r.figures)} | ${databaseCpuCell(r.figures)} | ${r.figures.clientCpuPerRequest.toFixed(3)} | ${((r.figures.perSecond / baseline.perSecond) * 100).toFixed(1)}% |`).join('\n')}

Issue 10's targets: the authenticated list ≥ 40% of the bare figure, the widget chat ≥ 15%. **Not met.**

The three CPU columns are read from /proc (PostgreSQL: all its processes on this machine; PGlite runs inside the
server process). The server, PostgreSQL and the load generator share two cores, so a request's CPU summed over the
three bounds the requests a second: two seconds of CPU a second divided by that sum. The bare process and its load
generator spent ${cpuSum(baseline)} ms a request. The list on PostgreSQL spent ${cpuSum(find('PostgreSQL', 'GET /api/admin/activity'))} ms, of which
${ms(find('PostgreSQL', 'GET /api/admin/activity'))} in the server; the rest, PostgreSQL reading the session and 100 rows and the load generator reading 25 KB
of answer, would hold it to ${ceilingShare(find('PostgreSQL', 'GET /api/admin/activity'))} of the bare figure even if the server spent no CPU at all.
40% of the bare figure is ${(baseline.perSecond * 0.4).toFixed(0)} requests a second: ${(2000 / (baseline.perSecond * 0.4)).toFixed(2)} ms of CPU a request for all three together, about what
the health probe's one \`select 1\` costs (${cpuSum(find('PostgreSQL', 'GET /api/health'))} ms). So on one machine the target is out of reach for a
list of 100 entries whatever the server does; it needs the load generator and PostgreSQL on other machines, where
the server's own ${ms(find('PostgreSQL', 'GET /api/admin/activity'))} ms a request is the bound.

What has been done about the server's share: the list makes two round trips (the session with the user, the profile's
flag and the admin role in one query, docs/decisions/0003-sessions.md; the newest 100 entries, prepared) and writes 100 entries. A CPU
profile of the built server under this load (\`BENCH_HTTP_PROFILE\`, \`node --cpu-prof\`) puts a sixth of its CPU
in the \`writev\` system calls that send the queries and the response, a tenth in reading the rows (with their JSON
details), an eighth in serialising the response and a tenth in our own code (mostly writing 100 timestamps as ISO
strings). Profiling has taken the list from 179 to 371 requests a second (docs/decisions/0029-response-serialisation-and-per-request-cost.md), then to 839 (the session in
one query, docs/decisions/0003-sessions.md), then from 0.90–1.10 to 0.80–0.93 ms of server CPU a request (responses written by a compiled
serialiser, docs/decisions/0029-response-serialisation-and-per-request-cost.md, measured with \`BENCH_HTTP_COMPARE\` in turns on the same data). Having PostgreSQL write the whole
answer as JSON (\`json_agg\`, sent as it is) halved the server's CPU but tripled PostgreSQL's, for no more requests
a second (docs/decisions/0029-response-serialisation-and-per-request-cost.md).

The widget chat answers a question with retrieval over 10,000 chunks (hybrid: full text and vectors), an extractive
answer, the conversation's rows and a streamed reply: ${ms(find('PGlite', 'widget chat'))} ms of CPU a question on PGlite. 15% of the bare figure
would be well over a thousand answers a second; a chatbot answers at most 120 a minute (spec). ${
    vectorSearchOf.get('PostgreSQL') === 'exact'
      ? `On PostgreSQL it is
slow because this machine's PostgreSQL has no pgvector: retrieval falls back to an exact scan
(\`parley_cosine_distance\` over 10,000 × 384 \`real[]\`, about half a second of PostgreSQL CPU a question); with
pgvector (as in the reference deployment; \`deploy/install-pgvector.sh\`) it uses the HNSW index, as PGlite does.`
      : `On PostgreSQL
(pgvector, as in the reference deployment) the server process spends ${ms(find('PostgreSQL', 'widget chat'))} ms of CPU a question and PostgreSQL
${databaseCpuCell(find('PostgreSQL', 'widget chat'), 2)} ms (retrieval's index searches and the conversation's rows).`
  }
${postgresNote}
`,
);
process.exit(0);
