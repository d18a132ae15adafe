/**
 * Customer analytics at a million messages, on the embedded database (PGlite) and — when
 * BENCH_DATABASE_URL names a PostgreSQL server (an admin URL: the benchmark creates and drops its
 * own database there) — on PostgreSQL. Printed and written to docs/performance.md ("## Analytics").
 * Run: npm run bench:analytics [-- --conversations 100000]
 *
 * 1. Generates 20 organizations × 5 chatbots and 100,000 conversations of 10 messages (user and
 *    assistant alternating) over the last 90 days with SQL (generate_series), with outcomes, ratings,
 *    latencies, tokens and question keys drawn from skewed distributions, plus their handoffs.
 *    Traffic is skewed across chatbots, so the largest organization has about a fifth of it.
 * 2. Times rebuildChatStats over all of it.
 * 3. Times each analytics query 30 times for the largest organization and reports p50/p95, and as
 *    the in-run baseline the same 30-day summary computed directly from the messages (the GROUP BY
 *    the dashboard would run without the rollups): every figure is also given as a ratio to it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writePerformanceSection } from './performance-doc';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from './scratch-database';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { chatbots, organizations } from '../apps/server/src/db/schema/index';
import { CsvParts } from '../apps/server/src/features/analytics/csv';
import { EXPORT_PART_CHARS } from '../apps/server/src/features/analytics/export-job';
import { rebuildChatStats } from '../apps/server/src/features/analytics/rebuild';
import { reportSource } from '../apps/server/src/features/analytics/reports';
import { analyticsSummary, topQuestions, type AnalyticsPeriod } from '../apps/server/src/features/analytics/service';
import { addDays, dateInZone, periodInstants } from '../apps/server/src/features/analytics/time-zones';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CONVERSATIONS = argument('conversations', 100_000);
const CHUNK = 10_000;
const RUNS = argument('runs', 30);
const ORGANIZATIONS = 20;
const BOTS_PER_ORGANIZATION = 5;
const TZ = 'Europe/Amsterdam';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function time(runs: number, fn: () => Promise<unknown>, warmUp = 3): Promise<number[]> {
  for (let i = 0; i < warmUp; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

/** Organizations and chatbots, then conversations with their messages a chunk at a time, then handoffs. */
async function generate(db: Db, label: string): Promise<void> {
  const suffix = randomBytes(3).toString('hex');
  const orgs = await db
    .insert(organizations)
    .values(Array.from({ length: ORGANIZATIONS }, (_, i) => ({ name: `Bench ${i}`, slug: `bench-${suffix}-${i}` })))
    .returning({ id: organizations.id });
  await db.insert(chatbots).values(
    orgs.flatMap((org, i) =>
      Array.from({ length: BOTS_PER_ORGANIZATION }, (_, j) => ({
        organizationId: org.id,
        name: `Org ${i} bot ${j}`,
        systemPrompt: 'x',
        appearance: { color: '#000000', position: 'bottom-right' as const, title: 'x', avatarUrl: null },
      })),
    ),
  );
  await db.execute(sql`CREATE TEMP TABLE bench_bots AS
    SELECT (row_number() OVER (ORDER BY o.slug, b.name) - 1)::int AS idx, b.id, b.organization_id
    FROM chatbots b JOIN organizations o ON o.id = b.organization_id WHERE o.slug LIKE ${`bench-${suffix}-%`}`);
  await db.execute(sql`SELECT setseed(0.42)`);

  const bots = ORGANIZATIONS * BOTS_PER_ORGANIZATION;
  const started = performance.now();
  for (let from = 0; from < CONVERSATIONS; from += CHUNK) {
    const to = Math.min(CONVERSATIONS, from + CHUNK);
    // One statement per chunk: the conversations, then five turns each (user question, bot answer).
    // A turn's random draws are materialized once, so the question and its answer agree.
    await db.execute(sql`
      WITH draws AS MATERIALIZED (
        SELECT g, floor(${bots} * random() ^ 2)::int AS bot, random() AS r_channel,
               1 + floor(89 * random() ^ 1.5)::int AS days_ago,
               CASE WHEN random() < 0.8 THEN 8 + 10 * random() ELSE 24 * random() END AS hour_of_day
        FROM generate_series(${from + 1}::int, ${to}::int) g
      ),
      conv AS (
        INSERT INTO conversations (chatbot_id, organization_id, visitor_id, channel, message_count, started_at, last_message_at)
        SELECT b.id, b.organization_id, 'bench-visitor-' || d.g,
               CASE WHEN d.r_channel < 0.80 THEN 'widget' WHEN d.r_channel < 0.95 THEN 'api' ELSE 'test' END, 10,
               date_trunc('day', now()) - make_interval(days => d.days_ago) + make_interval(secs => d.hour_of_day * 3600),
               date_trunc('day', now()) - make_interval(days => d.days_ago) + make_interval(secs => d.hour_of_day * 3600 + 300)
        FROM draws d JOIN bench_bots b ON b.idx = d.bot
        RETURNING id, started_at
      ),
      turns AS MATERIALIZED (
        SELECT conv.id, conv.started_at + make_interval(secs => t * 55) AS asked_at, random() AS r_outcome,
               floor(300 * random() ^ 3)::int AS topic, random() AS r_latency, random() AS r_rating,
               5 + floor(40 * random())::int AS question_tokens, 40 + floor(400 * random())::int AS answer_tokens
        FROM conv CROSS JOIN generate_series(0, 4) t
      ),
      graded AS (
        SELECT *,
               CASE WHEN r_outcome < 0.78 THEN 'answered' WHEN r_outcome < 0.93 THEN 'declined' WHEN r_outcome < 0.96 THEN 'handoff'
                    WHEN r_outcome < 0.98 THEN 'limited' ELSE 'error' END AS outcome,
               CASE WHEN r_outcome < 0.93 THEN 250 + 5000 * r_latency ^ 3 WHEN r_outcome >= 0.98 THEN 10000 * r_latency END AS latency
        FROM turns
      )
      INSERT INTO messages (conversation_id, role, content, tokens, latency_ms, is_answered, outcome, question_key, rating, created_at)
      SELECT id, 'user',
             CASE WHEN outcome = 'handoff' THEN 'Can I talk to a person?' ELSE 'How does feature ' || topic || ' work with my plan?' END,
             question_tokens, NULL, outcome = 'answered', NULL,
             CASE WHEN outcome = 'handoff' THEN NULL ELSE 'feature plan topic' || lpad(topic::text, 3, '0') END, NULL, asked_at
      FROM graded
      UNION ALL
      SELECT id, 'assistant', 'Feature ' || topic || ' works like this, according to the documentation.',
             CASE WHEN outcome IN ('answered', 'declined') THEN answer_tokens ELSE 0 END, latency, outcome = 'answered', outcome, NULL,
             CASE WHEN r_rating < 0.07 THEN 1 WHEN r_rating < 0.09 THEN -1 END,
             asked_at + make_interval(secs => coalesce(latency, 800) / 1000)
      FROM graded
    `);
    const elapsed = performance.now() - started;
    console.log(
      `${label}: ${to.toLocaleString('en')} conversations, ${(to * 10).toLocaleString('en')} messages (${Math.round((to * 10) / (elapsed / 1000)).toLocaleString('en')} messages/s)`,
    );
  }
  await db.execute(sql`
    INSERT INTO handoffs (organization_id, chatbot_id, conversation_id, reason, status, requested_at, closed_at, last_message_at)
    SELECT c.organization_id, c.chatbot_id, c.id, 'phrase', 'closed', m.created_at, m.created_at + interval '3 minutes', m.created_at
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.outcome = 'handoff' AND c.visitor_id LIKE 'bench-visitor-%'`);
  await db.execute(sql`ANALYZE`);
}

/** The dashboard's 30 days straight from the messages: what the rollups replace. */
async function naiveSummary(db: Db, organizationId: string, period: AnalyticsPeriod) {
  const { start, end } = periodInstants(period);
  const range = (column: string) => sql`${sql.raw(column)} >= ${start.toISOString()}::timestamptz AND ${sql.raw(column)} < ${end.toISOString()}::timestamptz`;
  const day = (column: string) => sql`(${sql.raw(column)} AT TIME ZONE ${period.tz})::date`;
  return rows<{ day: string; conversations: number; questions: number; answered: number; tokens: number; handoffs: number }>(
    await db.execute(sql`
      SELECT day::text, sum(conversations)::int AS conversations, sum(questions)::int AS questions, sum(answered)::int AS answered,
             sum(declined)::int AS declined, sum(errors)::int AS errors, sum(tokens)::float8 AS tokens, sum(handoffs)::int AS handoffs,
             sum(latency)::float8 AS latency, sum(latency_count)::int AS latency_count, sum(up)::int AS up, sum(down)::int AS down
      FROM (
        SELECT ${day('c.started_at')} AS day, 1 AS conversations, 0 AS questions, 0 AS answered, 0 AS declined, 0 AS errors,
               0::bigint AS tokens, 0 AS handoffs, 0::float8 AS latency, 0 AS latency_count, 0 AS up, 0 AS down
        FROM conversations c
        WHERE c.organization_id = ${organizationId} AND c.channel <> 'test' AND ${range('c.started_at')}
        UNION ALL
        SELECT ${day('m.created_at')}, 0,
               (m.role = 'assistant' AND m.outcome IS NOT NULL)::int, (m.outcome = 'answered' IS TRUE)::int,
               (m.outcome IN ('declined', 'limited') IS TRUE)::int, (m.outcome = 'error' IS TRUE)::int, m.tokens, 0,
               CASE WHEN m.outcome IN ('answered', 'declined') THEN coalesce(m.latency_ms, 0) ELSE 0 END,
               (m.outcome IN ('answered', 'declined') AND m.latency_ms IS NOT NULL IS TRUE)::int,
               (m.rating = 1 IS TRUE)::int, (m.rating = -1 IS TRUE)::int
        FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.organization_id = ${organizationId} AND c.channel <> 'test' AND m.role IN ('user', 'assistant') AND ${range('m.created_at')}
        UNION ALL
        SELECT ${day('h.requested_at')}, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0
        FROM handoffs h JOIN conversations c ON c.id = h.conversation_id
        WHERE h.organization_id = ${organizationId} AND c.channel <> 'test' AND ${range('h.requested_at')}
      ) AS facts
      GROUP BY day ORDER BY day`),
  );
}

interface Measurement {
  driver: string;
  name: string;
  p50: number;
  p95: number;
  ratio: number | null;
}

async function benchDriver(driver: string, database: Database): Promise<{ measurements: Measurement[]; notes: string[] }> {
  const { db } = database;
  const notes: string[] = [];
  let started = performance.now();
  await generate(db, driver);
  const [counts] = rows<{ messages: number; conversations: number; handoffs: number }>(
    await db.execute(
      sql`SELECT (SELECT count(*) FROM messages)::int AS messages, (SELECT count(*) FROM conversations)::int AS conversations, (SELECT count(*) FROM handoffs)::int AS handoffs`,
    ),
  );
  notes.push(
    `${driver}: generated ${counts!.messages.toLocaleString('en')} messages in ${counts!.conversations.toLocaleString('en')} conversations and ${counts!.handoffs.toLocaleString('en')} handoffs in ${seconds(performance.now() - started)}.`,
  );
  console.log(notes.at(-1));

  started = performance.now();
  await rebuildChatStats(db);
  const rebuildMs = performance.now() - started;
  const [rollups] = rows<{ hourly: number; questions: number }>(
    await db.execute(sql`SELECT (SELECT count(*) FROM chat_stats_hourly)::int AS hourly, (SELECT count(*) FROM question_stats_daily)::int AS questions`),
  );
  notes.push(
    `${driver}: rebuildChatStats over all of it took ${seconds(rebuildMs)} (${rollups!.hourly.toLocaleString('en')} chatbot-hours, ${rollups!.questions.toLocaleString('en')} question-days).`,
  );
  console.log(notes.at(-1));
  await db.execute(sql`ANALYZE chat_stats_hourly`);
  await db.execute(sql`ANALYZE question_stats_daily`);

  // The largest organization and its busiest chatbot.
  const [largest] = rows<{ organization_id: string; chatbot_id: string; messages: number }>(
    await db.execute(sql`
      SELECT organization_id, (array_agg(chatbot_id ORDER BY n DESC))[1] AS chatbot_id, sum(n)::int AS messages
      FROM (SELECT c.organization_id, c.chatbot_id, count(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id GROUP BY 1, 2) per_bot
      GROUP BY organization_id ORDER BY messages DESC LIMIT 1`),
  );
  const org = largest!.organization_id;
  const bot = largest!.chatbot_id;
  notes.push(`${driver}: measured on the largest organization (${largest!.messages.toLocaleString('en')} messages).`);
  const today = dateInZone(new Date(), TZ);
  const last = (days: number, chatbotId?: string): AnalyticsPeriod => ({ from: addDays(today, -days), to: addDays(today, -1), tz: TZ, chatbotId });

  // The rollups must say what the messages say.
  const fromRollup = (await analyticsSummary(db, org, last(30))).totals;
  const fromMessages = (await naiveSummary(db, org, last(30))).reduce(
    (t, d) => ({
      conversations: t.conversations + d.conversations,
      questions: t.questions + d.questions,
      answered: t.answered + d.answered,
      tokens: t.tokens + d.tokens,
      handoffs: t.handoffs + d.handoffs,
    }),
    { conversations: 0, questions: 0, answered: 0, tokens: 0, handoffs: 0 },
  );
  for (const key of Object.keys(fromMessages) as (keyof typeof fromMessages)[]) {
    if (fromMessages[key] !== fromRollup[key]) throw new Error(`${driver}: rollup ${key} ${fromRollup[key]} ≠ messages ${fromMessages[key]}`);
  }
  console.log(`${driver}: the 30-day rollup totals equal the totals computed from the messages (${fromRollup.questions.toLocaleString('en')} questions).`);

  const cases: [string, () => Promise<unknown>][] = [
    ['baseline: 30-day summary from the messages (GROUP BY, no rollup)', () => naiveSummary(db, org, last(30))],
    ['summary, 7 days, organization', () => analyticsSummary(db, org, last(7))],
    ['summary, 30 days, organization', () => analyticsSummary(db, org, last(30))],
    ['summary, 90 days, organization', () => analyticsSummary(db, org, last(90))],
    ['summary, 30 days, one chatbot', () => analyticsSummary(db, org, last(30, bot))],
    ['summary, 90 days, one chatbot', () => analyticsSummary(db, org, last(90, bot))],
    ['top 10 questions, 30 days, organization', () => topQuestions(db, org, { ...last(30), limit: 10 })],
    ['top 10 questions, 90 days, organization', () => topQuestions(db, org, { ...last(90), limit: 10 })],
    ['daily export query, 90 days, organization', () => reportSource(db, { organizationId: org, report: 'daily', chatbotId: null, ...last(90) }).count()],
  ];
  const measurements: Measurement[] = [];
  let baseline = 0;
  for (const [name, fn] of cases) {
    const samples = await time(RUNS, fn);
    const p50 = pct(samples, 50);
    if (!baseline) baseline = p50;
    measurements.push({ driver, name, p50, p95: pct(samples, 95), ratio: p50 / baseline });
    console.log(`${driver.padEnd(10)} ${name.padEnd(68)} p50 ${p50.toFixed(2)} ms  p95 ${pct(samples, 95).toFixed(2)} ms  ×${(p50 / baseline).toFixed(3)}`);
  }

  // One conversations export (every message of 7 days) built as the job builds it, minus the progress and part writes.
  started = performance.now();
  const source = reportSource(db, { organizationId: org, report: 'conversations', chatbotId: null, ...last(7) });
  const total = await source.count();
  const csv = new CsvParts(source.header, EXPORT_PART_CHARS);
  let bytes = 0;
  const count = (parts: (string | null)[]) => parts.forEach((part) => (bytes += part === null ? 0 : Buffer.byteLength(part)));
  for await (const batch of source.batches()) count(csv.add(batch));
  count([csv.finish()]);
  const exportMs = performance.now() - started;
  const megabytes = bytes / 1e6;
  notes.push(
    `${driver}: a conversations export of 7 days (${total.toLocaleString('en')} rows, ${megabytes.toFixed(1)} MB of CSV) took ${seconds(exportMs)} (${Math.round(total / (exportMs / 1000)).toLocaleString('en')} rows/s).`,
  );
  console.log(notes.at(-1));
  return { measurements, notes };
}

const measurements: Measurement[] = [];
const notes: string[] = [];
const pgliteDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-analytics-'));
const embedded = await openDatabase({ pgliteDir });
try {
  const result = await benchDriver('PGlite', embedded);
  measurements.push(...result.measurements);
  notes.push(...result.notes);
} finally {
  await embedded.close();
  rmSync(pgliteDir, { recursive: true, force: true });
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const scratchDatabase = await createScratchDatabase('parley_bench_analytics', { adminUrl: serverUrl });
  try {
    const database = await openDatabase({ databaseUrl: scratchDatabase.url });
    try {
      const result = await benchDriver('PostgreSQL', database);
      measurements.push(...result.measurements);
      notes.push(...result.notes);
    } finally {
      await database.close();
    }
  } finally {
    await scratchDatabase.drop();
  }
} else {
  notes.push('PostgreSQL was not measured (set BENCH_DATABASE_URL to a PostgreSQL admin URL to include it).');
}

const table = [
  '| database | query | p50 ms | p95 ms | × baseline |',
  '|---|---|---|---|---|',
  ...measurements.map((m) => `| ${m.driver} | ${m.name} | ${m.p50.toFixed(2)} | ${m.p95.toFixed(2)} | ×${m.ratio === null ? '–' : m.ratio.toFixed(3)} |`),
].join('\n');
console.log(`\n${table}\n`);

const section = `## Analytics

Measured by \`npm run bench:analytics\` (bench/analytics.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version},
one process on a shared 2-core machine. ${CONVERSATIONS.toLocaleString('en')} conversations of 10 messages
(${(CONVERSATIONS * 10).toLocaleString('en')} messages) over the last 90 days in ${ORGANIZATIONS} organizations × ${BOTS_PER_ORGANIZATION} chatbots, generated
with SQL; traffic is skewed across chatbots, and the queries run for the largest organization, in
${TZ}, ${RUNS} times each after 3 warm-up runs. The baseline is the same 30-day summary computed
directly from the messages (a GROUP BY over messages joined to conversations, as the dashboard would
without the rollups), measured in the same run; × baseline is p50 ÷ the baseline's p50.

${table}

${notes.map((n) => `- ${n}`).join('\n')}
- The summary reads the hourly rollup once (grouping sets for the totals, days, hours of day, chatbots and
  the previous period): at most 24 × 366 × chatbots rows, however many messages there are.
- Absolute times, p95 most of all, move with the machine's load (other work shared it during this run);
  the ratios to the baseline are the figures to compare between runs.
`;
writePerformanceSection('Analytics', section.replace(/^## Analytics\n+/, ''));
process.exit(0);
