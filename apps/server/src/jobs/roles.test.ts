import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { knowledgeSources } from '../db/schema/index';
import { createSignedInUser, openTestDatabase, testConfig, type TestContext } from '../test/harness';
import { startJobQueue, type JobQueue } from './queue';

const postgresUrl = inject('postgresUrl');
const postgresReason = postgresUrl ? '' : inject('postgresSkipReason');
if (postgresReason) console.warn(`\n[parley tests] ${postgresReason}: the api / worker role tests are skipped.\n`);

const log = Fastify({ logger: false }).log;

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('PARLEY_ROLE', () => {
  it('is all by default; api and worker need PostgreSQL (the embedded database serves one process)', () => {
    expect(loadConfig({}, { persistSecret: false }).role).toBe('all');
    expect(() => loadConfig({ PARLEY_ROLE: 'api' }, { persistSecret: false })).toThrow(ConfigError);
    expect(() => loadConfig({ PARLEY_ROLE: 'worker' }, { persistSecret: false })).toThrow(/PARLEY_ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ PARLEY_ROLE: 'both', DATABASE_URL: 'postgres://x@127.0.0.1/db' }, { persistSecret: false })).toThrow(
      /must be all, api or worker/,
    );
    expect(loadConfig({ PARLEY_ROLE: 'api', DATABASE_URL: 'postgres://x@127.0.0.1/db' }, { persistSecret: false }).role).toBe('api');
  });
});

describe.skipIf(!!postgresReason)('api and worker nodes on one PostgreSQL', () => {
  let dispose: (() => Promise<void>) | undefined;
  let first: Database;
  const extra: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    first = opened.database;
    dispose = opened.dispose;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of extra) await database.close();
    await dispose?.();
  });

  const node = async (role: 'api' | 'worker') => {
    const database = await openDatabase({ databaseUrl: first.url!, poolSize: 4 });
    extra.push(database);
    const config = testConfig({ PARLEY_ROLE: role, DATABASE_URL: first.url!, PARLEY_SECRET_KEY: 'role-test-secret-key-0123456789abcdef' });
    const app = await buildApp(config, { database, logger: false, startBackgroundWork: true });
    await app.ready();
    apps.push(app);
    return { app, database };
  };

  it('an api node enqueues the ingestion job and does not run it; a worker node runs it and answers only its health check', async () => {
    const api = await node('api');
    const ctx: TestContext = { app: api.app, database: api.database, config: api.app.config };
    const owner = await createSignedInUser(ctx);
    const bot = (await api.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Roles' } })).json() as {
      id: string;
    };
    const added = await api.app.inject({
      method: 'POST',
      url: `/api/chatbots/${bot.id}/sources/text`,
      headers: { cookie: owner.cookie },
      payload: { name: 'notes', text: 'Parley splits the API and the workers across processes.' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const sourceId = (added.json() as { id: string }).id;
    const status = async () =>
      (await first.db.select({ status: knowledgeSources.status }).from(knowledgeSources).where(eq(knowledgeSources.id, sourceId)))[0]!.status;
    // The api node's job queue would pick the job up within its 1 s polling interval if it had a worker.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await status()).toBe('queued');

    const worker = await node('worker');
    expect(await until(status, (value) => value === 'ready')).toBe('ready');
    const health = await worker.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const refused = await worker.app.inject({ method: 'GET', url: '/api/chatbots', headers: { cookie: owner.cookie } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This node runs background jobs only (PARLEY_ROLE=worker); send requests to an api node.');
  });

  it('1,000 jobs are processed exactly once by 3 workers', async () => {
    const queues: JobQueue[] = [];
    const processedBy: number[][] = [[], [], []];
    for (let w = 0; w < 3; w += 1) {
      const database = await openDatabase({ databaseUrl: first.url!, poolSize: 6 });
      extra.push(database);
      const queue = await startJobQueue(database, log);
      queues.push(queue);
      const pool = await queue.work<{ n: number }>('roles-bulk', { concurrency: 4, pollingIntervalSeconds: 0.5 }, async (job) => {
        processedBy[w]!.push(job.data.n);
      });
      expect(pool.concurrency).toBe(4);
    }
    const producer = queues[0]!;
    for (let n = 0; n < 1000; n += 1) await producer.send('roles-bulk', { n });
    const total = () => processedBy.reduce((sum, list) => sum + list.length, 0);
    await until(total, (count) => count >= 1000, 120_000);
    // Time for a duplicate to show up, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const all = processedBy.flat();
    expect(all).toHaveLength(1000);
    expect(new Set(all).size).toBe(1000);
    console.log(`1,000 jobs across 3 workers: ${processedBy.map((list) => list.length).join(' / ')}`);
    for (const queue of queues) await queue.stop();
  }, 180_000);
});
