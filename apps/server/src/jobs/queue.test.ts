import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { openTestDatabase } from '../test/harness';
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
    const first = await openDatabase({ pgliteDir: dir });
    const queue1 = await startJobQueue(first, log);
    const id = await queue1.send('test-restart', { value: 42 });
    expect(id).toBeTruthy();
    await queue1.stop();
    await first.close();

    const second = await openDatabase({ pgliteDir: dir });
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
    it.skipIf(skip)(`a failing job is retried until it succeeds [${driver}]`, async () => {
      const { database, dispose } = await openTestDatabase(driver);
      const queue = await startJobQueue(database, log);
      let attempts = 0;
      let done = false;
      await queue.work<{ n: number }>('test-retry', { pollingIntervalSeconds: 0.5 }, async () => {
        attempts += 1;
        if (attempts < 2) throw new Error('transient failure');
        done = true;
      });
      await queue.send('test-retry', { n: 1 }, { retryLimit: 3, retryDelay: 1, retryBackoff: false });
      await until(() => done);
      expect(attempts).toBe(2);
      await queue.stop();
      await dispose();
    });
  }
});

describe('job queue statistics', () => {
  it('counts queued jobs', async () => {
    const database = await openDatabase({});
    const queue = await startJobQueue(database, log);
    await queue.send('test-stats', { a: 1 });
    await queue.send('test-stats', { a: 2 });
    expect(await queue.stats()).toMatchObject({ queued: 2, active: 0, failedLast24h: 0 });
    await queue.stop();
    await database.close();
  });
});
