import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { emailOutbox, knowledgeSources, serverNodes } from '../db/schema/index';
import { NODE_GONE_MS } from '../features/health/nodes';
import { createAdmin } from '../test/admin';
import { createSignedInUser, openTestDatabase, signUp, testConfig, uniqueEmail } from '../test/harness';
import { redisSkipReason, TEST_REDIS_URL } from '../test/redis';
import { startSmtpRelay } from '../test/smtp-relay';
import { startJobQueue, type JobQueue } from './queue';

const postgresUrl = inject('postgresUrl');
const postgresReason = postgresUrl ? '' : inject('postgresSkipReason');
if (postgresReason) console.warn(`\n[parley tests] ${postgresReason}: the api / worker role tests are skipped.\n`);
const redisReason = await redisSkipReason();
if (redisReason) console.warn(`\n[parley tests] ${redisReason}: System Health's Redis item is not checked with the nodes.\n`);

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

  const node = async (role: 'all' | 'api' | 'worker', env: Record<string, string> = {}, startBackgroundWork: true | 'after-listen' = true) => {
    const database = await openDatabase({ databaseUrl: first.url!, poolSize: 4 });
    extra.push(database);
    const config = testConfig({ PARLEY_ROLE: role, DATABASE_URL: first.url!, PARLEY_SECRET_KEY: 'role-test-secret-key-0123456789abcdef', ...env });
    const app = await buildApp(config, { database, logger: false, startBackgroundWork });
    await app.ready();
    apps.push(app);
    return { app, database };
  };

  /** A signed-in owner's chatbot with a text source added on `app`; returns the source's status as stored. */
  const addTextSource = async (app: FastifyInstance, database: Database, text: string) => {
    const owner = await createSignedInUser({ app, database, config: app.config });
    const bot = (await app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Roles' } })).json() as {
      id: string;
    };
    const added = await app.inject({
      method: 'POST',
      url: `/api/chatbots/${bot.id}/sources/text`,
      headers: { cookie: owner.cookie },
      payload: { name: 'notes', text },
    });
    expect(added.statusCode, added.body).toBe(201);
    const sourceId = (added.json() as { id: string }).id;
    const status = async () =>
      (await first.db.select({ status: knowledgeSources.status }).from(knowledgeSources).where(eq(knowledgeSources.id, sourceId)))[0]!.status;
    return { owner, status };
  };

  it('an api node enqueues the ingestion job and does not run it; a worker node runs it and answers only its health check', async () => {
    const api = await node('api');
    const { owner, status } = await addTextSource(api.app, api.database, 'Parley splits the API and the workers across processes.');
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

  it('every node writes its row in server_nodes while it runs and removes it when it stops; System Health counts them', async () => {
    // The nodes of the test before stop first (each removes its row).
    for (const app of apps.splice(0)) await app.close();
    expect(await first.db.select().from(serverNodes)).toEqual([]);
    const redis: Record<string, string> = redisReason ? {} : { REDIS_URL: TEST_REDIS_URL };
    const api = await node('api', redis);
    const worker = await node('worker', redis);
    const rows = await first.db.select().from(serverNodes);
    expect(rows.map((row) => row.role).sort()).toEqual(['api', 'worker']);
    expect(rows.every((row) => row.pid === process.pid && row.lastSeenAt.getTime() > Date.now() - NODE_GONE_MS)).toBe(true);

    const admin = await createAdmin({ app: api.app, database: api.database, config: api.app.config }, 'developer');
    const read = async () =>
      (await api.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: admin.cookie } })).json().items as { name: string }[];
    let items = await read();
    expect(items).toContainEqual({ name: 'Nodes', status: 'healthy', detail: '1 api node and 1 worker node' });
    if (!redisReason) expect(items).toContainEqual({ name: 'Redis', status: 'healthy', detail: 'Shared by every node: rate limits, caches and live updates' });

    // The worker stops: its row goes with it, and the operator is told nothing runs the background work.
    await worker.app.close();
    apps.splice(apps.indexOf(worker.app), 1);
    expect((await first.db.select().from(serverNodes)).map((row) => row.role)).toEqual(['api']);
    items = await read();
    expect(items.find((item) => item.name === 'Nodes')).toMatchObject({
      status: 'error',
      detail: expect.stringMatching(/^1 api node; none runs background work .* wait in the queue$/),
    });
  });

  it('a node started by main.ts listens before its workers start; they start with startWorkers and stop with the node', async () => {
    for (const app of apps.splice(0)) await app.close();
    const started = await node('all', {}, 'after-listen');
    // The queue is there for the routes before the first request; nothing runs its jobs yet, and the heartbeat waits.
    expect(started.app.jobs).not.toBeNull();
    await started.app.listen({ port: 0, host: '127.0.0.1' });
    const { status } = await addTextSource(started.app, started.database, 'A node answers requests before its workers start.');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await status()).toBe('queued');
    expect(await first.db.select().from(serverNodes)).toEqual([]);

    // Hooks cannot be added once a Fastify instance listens: what stops the workers was registered before.
    await started.app.startWorkers();
    await started.app.startWorkers();
    expect((await first.db.select().from(serverNodes)).map((row) => row.role)).toEqual(['all']);
    expect(await until(status, (value) => value === 'ready')).toBe('ready');
    await started.app.close();
    apps.splice(apps.indexOf(started.app), 1);
    expect(await first.db.select().from(serverNodes)).toEqual([]);
  });

  it('an api node queues the e-mail a request sends; a worker node sends it through the relay', async () => {
    // Nodes of the tests before, without a relay, stop first: one of them would keep the message in the outbox.
    for (const app of apps.splice(0)) await app.close();
    const relay = await startSmtpRelay();
    try {
      const api = await node('api', relay.env);
      const email = uniqueEmail('roles-mail');
      expect((await signUp(api.app, email)).statusCode).toBe(200);
      const status = async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]?.status;
      // Within its 1 s polling interval the api node would have sent it, had it a worker.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await status()).toBe('pending');
      expect(relay.received).toEqual([]);

      await node('worker', relay.env);
      expect(await until(status, (value) => value === 'sent')).toBe('sent');
      expect(relay.received.map((message) => message.to)).toEqual([[email]]);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await relay.close();
    }
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
