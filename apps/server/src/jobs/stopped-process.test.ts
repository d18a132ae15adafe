import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { DataDirectoryInUseError } from '../db/data-directory-lock';
import { startJobQueue } from './queue';
import { pgliteTemplates } from '../test/harness';

const HOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/embedded-job-holder.ts');

describe('the embedded database after its process was killed', () => {
  it('is refused to a second process while the first runs; afterwards the lock is taken over and the unfinished job runs again at once', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'parley-stopped-')), 'pglite');
    const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the holder did not start its job in 60 s:\n${output}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /started (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.on('exit', (code) => reject(new Error(`the holder exited (${code}):\n${output}`)));
    });

    // A second process on the same directory would damage it: refused, with what to do.
    const refused = await openDatabase({ pgliteDir: dir, ...pgliteTemplates() }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirectoryInUseError);
    expect((refused as Error).message).toContain(`process ${child.pid}`);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(`${dir}.lock`)).toBe(true);

    // The lease is 30 minutes: only the start-up's look at jobs left active makes it run within the test.
    const database = await openDatabase({ pgliteDir: dir, ...pgliteTemplates() });
    const queue = await startJobQueue(database, Fastify({ logger: false }).log);
    try {
      const seen = await new Promise<{ id: string; retryCount: number; value: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the unfinished job did not run again within 60 s')), 60_000);
        void queue.work<{ value: number }>('stopped-process-test', { pollingIntervalSeconds: 0.5 }, async (job) => {
          clearTimeout(timer);
          resolve({ id: job.id, retryCount: job.retryCount, value: job.data.value });
        });
      });
      expect(seen).toEqual({ id: started, retryCount: 1, value: 7 });
    } finally {
      await queue.stop();
      await database.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 150_000);
});
