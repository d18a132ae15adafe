import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { emailOutbox } from '../db/schema/index';
import { openTestDatabase, pgliteTemplates } from '../test/harness';
import { startJobQueue } from './queue';

const log = Fastify({ logger: false }).log;

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('durable jobs', () => {
  it('a job enqueued before a restart is processed once after it (PGlite on disk)', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'parley-jobs-')), 'pglite');
    const first = await openDatabase({ pgliteDir: dir, ...pgliteTemplates() });
    const queue1 = await startJobQueue(first, log);
    const id = await queue1.send('test-restart', { value: 42 });
    expect(id).toBeTruthy();
    await queue1.stop();
    await first.close();

    const second = await openDatabase({ pgliteDir: dir, ...pgliteTemplates() });
    const queue2 = await startJobQueue(second, log);
    const seen: number[] = [];
    await queue2.work<{ value: number }>('test-restart', { pollingIntervalSeconds: 0.5 }, async (job) => {
      seen.push(job.data.value);
    });
    await until(() => seen.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen).toEqual([42]);
    await queue2.stop();
    await second.close();
  });

  for (const driver of ['pglite', 'postgres'] as const) {
    const skip = driver === 'postgres' && !inject('postgresUrl');
    // The reason a PostgreSQL test does not run is in its name and in the log: no PostgreSQL server to run it on.
    const reason = skip ? ` (skipped: ${inject('postgresSkipReason') || 'no PostgreSQL server (TEST_DATABASE_URL)'})` : '';
    if (skip) console.warn(`[queue.test] PostgreSQL tests skipped${reason}`);
    for (const acrossProcesses of [false, true]) {
      it.skipIf(skip)(`a failing job is retried until it succeeds${acrossProcesses ? ' (limit across processes)' : ''} [${driver}]${reason}`, async () => {
        const { database, dispose } = await openTestDatabase(driver);
        const queue = await startJobQueue(database, log);
        let attempts = 0;
        let done = false;
        await queue.work<{ n: number }>('test-retry', { pollingIntervalSeconds: 0.5, acrossProcesses }, async () => {
          attempts += 1;
          if (attempts < 2) throw new Error('transient failure');
          done = true;
        });
        await queue.send('test-retry', { n: 1 }, { retryLimit: 3, retryDelay: 1, retryBackoff: false });
        await until(() => done);
        expect(attempts).toBe(2);
        const state = async () => ((await database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'test-retry'`)).rows[0] as { state: string }).state;
        const deadline = Date.now() + 10_000;
        while ((await state()) !== 'completed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await state()).toBe('completed');
        await queue.stop();
        await dispose();
      });
    }

    it.skipIf(skip)(`a limit across processes holds for two processes' workers together and changes live [${driver}]${reason}`, async () => {
      const { database, dispose } = await openTestDatabase(driver);
      // Two processes: on PostgreSQL two connection pools, on PGlite (one process by design) two queues on it.
      const other = driver === 'postgres' ? await openDatabase({ databaseUrl: database.url!, poolSize: 4 }) : database;
      const queues = [await startJobQueue(database, log), await startJobQueue(other, log)];
      let running = 0;
      let most = 0;
      const seen: number[] = [];
      const handler = async (job: { data: { n: number } }) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 800));
        running -= 1;
        seen.push(job.data.n);
      };
      const runBatch = async (name: string, from: number, count: number) => {
        most = 0;
        for (let n = from; n < from + count; n++) await queues[0]!.send(name, { n });
        await until(() => seen.length === from + count, 60_000);
        return most;
      };

      // Each process runs up to its own concurrency: four at once between the two.
      for (const queue of queues) await queue.work<{ n: number }>('test-local', { concurrency: 2, pollingIntervalSeconds: 0.5 }, handler);
      expect(await runBatch('test-local', 0, 8)).toBe(4);

      const pools = [];
      for (const queue of queues) {
        pools.push(await queue.work<{ n: number }>('test-gated', { concurrency: 2, pollingIntervalSeconds: 0.5, acrossProcesses: true }, handler));
      }
      expect(await runBatch('test-gated', 8, 10)).toBe(2);
      for (const pool of pools) await pool.setConcurrency(3);
      expect(await runBatch('test-gated', 18, 12)).toBe(3);
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));

      for (const queue of queues) await queue.stop();
      if (other !== database) await other.close();
      await dispose();
    });

    it.skipIf(skip)(`a job sent in a transaction is stored with its rows, or not at all when it rolls back [${driver}]${reason}`, async () => {
      const { database, dispose } = await openTestDatabase(driver);
      const queue = await startJobQueue(database, log);
      const jobsFor = async (emailId: string) =>
        (await database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test-tx' AND data->>'emailId' = $1`, [emailId])).rows[0] as {
          n: number;
        };
      const message = (subject: string) => ({ kind: 'test', toAddress: 'a@example.com', subject, textBody: 'x', status: 'pending' as const });

      const committed = await queue.transaction(database.db, ['test-tx'], async (tx, send) => {
        const [row] = await tx.insert(emailOutbox).values(message('kept')).returning({ id: emailOutbox.id });
        await send('test-tx', { emailId: row!.id });
        return row!.id;
      });
      expect(await jobsFor(committed)).toEqual({ n: 1 });

      let rolledBack = '';
      await expect(
        queue.transaction(database.db, ['test-tx'], async (tx, send) => {
          const [row] = await tx.insert(emailOutbox).values(message('dropped')).returning({ id: emailOutbox.id });
          rolledBack = row!.id;
          await send('test-tx', { emailId: row!.id });
          throw new Error('the request failed after the job was sent');
        }),
      ).rejects.toThrow('the request failed');
      expect(await jobsFor(rolledBack)).toEqual({ n: 0 });
      expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, rolledBack))).toEqual([]);

      await expect(queue.transaction(database.db, ['test-tx'], (_tx, send) => send('test-other', {}))).rejects.toThrow(
        'The queue test-other was not named for this transaction',
      );
      await queue.stop();
      await dispose();
    });
  }
});

const noPostgres = inject('postgresUrl') ? '' : inject('postgresSkipReason') || 'no PostgreSQL server (TEST_DATABASE_URL)';
if (noPostgres) console.warn(`\n[parley tests] ${noPostgres}: the test of queues made by several processes at once is skipped.\n`);

describe.skipIf(!!noPostgres)('queues made by several processes at once', () => {
  it('three processes starting together on one PostgreSQL each make the same 12 new queues, in parallel, without an error', async () => {
    const { database, dispose } = await openTestDatabase('postgres');
    const others = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: database.url!, poolSize: 4 })));
    const queues = await Promise.all([database, ...others].map((db) => startJobQueue(db, log)));
    const names = Array.from({ length: 12 }, (_, i) => `test-together-${i}`);
    // Every process sends one job to every queue at once, as nodes that start together do.
    const sent = await Promise.all(queues.flatMap((queue) => names.map((name) => queue.send(name, { name }))));
    expect(sent.every(Boolean)).toBe(true);
    const counted = await database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'test-together-%'`, []);
    expect((counted.rows[0] as { n: number }).n).toBe(36);
    for (const queue of queues) await queue.stop();
    for (const other of others) await other.close();
    await dispose();
  }, 60_000);
});

describe.skipIf(!!noPostgres)('job leases on PostgreSQL (issue 40)', () => {
  it('a job running far past its lease keeps it (renewed while it runs): no other node takes it over', async () => {
    const { database, dispose } = await openTestDatabase('postgres');
    const other = await openDatabase({ databaseUrl: database.url!, poolSize: 4 });
    // Two nodes with a 6-second lease: maintenance looks for expired jobs every second.
    const [first, second] = [await startJobQueue(database, log, { leaseSeconds: 6 }), await startJobQueue(other, log, { leaseSeconds: 6 })];
    const runs: { node: string; n: number; at: number }[] = [];
    const finished: number[] = [];
    // Node one runs job 1 for 20 s (more than three leases), renewing its lease; node two waits for work.
    await first.work<{ n: number }>('test-lease', { concurrency: 1, pollingIntervalSeconds: 0.5, acrossProcesses: true }, async (job) => {
      runs.push({ node: 'first', n: job.data.n, at: Date.now() });
      if (job.data.n === 1) await new Promise((resolve) => setTimeout(resolve, 20_000));
      finished.push(job.data.n);
    });
    await first.send('test-lease', { n: 1 });
    await until(() => runs.length === 1, 30_000);
    // Node two starts waiting for work once node one holds the job.
    await second.work<{ n: number }>('test-lease', { concurrency: 1, pollingIntervalSeconds: 0.5, acrossProcesses: true }, async (job) => {
      runs.push({ node: 'second', n: job.data.n, at: Date.now() });
      finished.push(job.data.n);
    });
    await until(() => finished.includes(1), 60_000);
    // Run once, by one node, although it ran for more than three of its leases. (A node that dies stops renewing: its
    // job is taken over within about a lease, jobs/crash-recovery.test.ts.)
    expect(runs.filter((run) => run.n === 1)).toHaveLength(1);
    await first.stop();
    await second.stop();
    await other.close();
    await dispose();
  }, 90_000);
});

describe('job queue statistics', () => {
  it('counts queued jobs', async () => {
    const database = await openDatabase(pgliteTemplates());
    const queue = await startJobQueue(database, log);
    await queue.send('test-stats', { a: 1 });
    await queue.send('test-stats', { a: 2 });
    expect(await queue.stats()).toMatchObject({ queued: 2, active: 0, failedLast24h: 0 });
    await queue.stop();
    await database.close();
  });
});
