import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnowledgeSourceList } from '@parley/shared/contracts/knowledge-sources';
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { documentChunks, knowledgeSources, usageLedger } from '../db/schema/index';
import { freePort } from '../test/free-port';
import { slowDocumentChunks, uploadSlowDocument } from '../test/slow-document';
import { createSignedInUser, pgliteTemplates, testConfig } from '../test/harness';

/**
 * Issue #10's kill -9 during ingestion, on the embedded database, which writes a document's chunks in steps
 * (decisions/0033-ingestion-without-stalling-the-server.md): the built server, on its own data directory, is killed while it writes; the restarted server
 * discards what the killed one wrote, runs the job again, and ends with the chunks of one clean run, metered once.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
const reason = existsSync(SERVER) ? '' : 'the server is not built (npm run build)';
if (reason) console.warn(`\n[parley tests] ${reason}: the embedded kill -9 recovery test is skipped.\n`);

const SECRET = 'embedded-crash-recovery-secret-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!!reason)('the embedded server killed with SIGKILL while it writes a document', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-embedded-crash-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  const servers: ChildProcess[] = [];
  afterAll(() => {
    for (const child of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startServer = async (logLevel = 'warn') => {
    const port = await freePort();
    const output: string[] = [];
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', PARLEY_SECRET_KEY: SECRET, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    servers.push(child);
    return { child, output, url: `http://127.0.0.1:${port}` };
  };
  const stop = async (child: ChildProcess, signal: 'SIGKILL' | 'SIGTERM') => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  it('the restarted server discards the killed one’s steps and finishes the document once', async () => {
    // The account, the chatbot and the source with its job are stored first, by an app that runs no jobs.
    let database = await openDatabase({ pgliteDir, ...pgliteTemplates() });
    const app = await buildApp(testConfig({ DATA_DIR: dataDir, PARLEY_SECRET_KEY: SECRET }), { database, logger: false, startBackgroundWork: 'after-listen' });
    await app.ready();
    const owner = await createSignedInUser({ app, database, config: app.config });
    const bot = (await app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Crash' } })).json() as {
      id: string;
    };
    // A document whose processing lasts seconds, so the kill lands inside the job.
    const added = await uploadSlowDocument(app, owner.cookie, bot.id);
    expect(added.statusCode, added.body).toBe(201);
    const sourceId = (added.json() as { id: string }).id;
    const expected = await slowDocumentChunks(database.db, bot.id);
    await app.close();
    await database.close();

    /** The source as the server's own list shows it (the list answers while chunks are written: that is the point). */
    const answers: string[] = [];
    const state = async (url: string) => {
      const response = await fetch(`${url}/api/chatbots/${bot.id}/sources`, { headers: { cookie: owner.cookie } }).catch((error: Error) => error);
      if (response instanceof Error || !response.ok) {
        answers.push(response instanceof Error ? response.message : String(response.status));
        return null;
      }
      const item = ((await response.json()) as KnowledgeSourceList).items.find((row) => row.id === sourceId) ?? null;
      answers.push(`${item?.status} ${item?.progress}`);
      return item;
    };
    const until = async (server: { url: string; output: string[] }, done: (s: Awaited<ReturnType<typeof state>>) => boolean, what: string) => {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const current = await state(server.url);
        if (done(current)) return current;
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}; last ${JSON.stringify(current)}; answers ${answers.join(', ')}\n${server.output.join('')}`);
        await sleep(100);
      }
    };

    // Killed part-way through the writing (progress 60 to 99 is the steps').
    const first = await startServer();
    const cut = await until(first, (s) => s?.status === 'processing' && s.progress >= 63, 'the server to be writing the chunks');
    await stop(first.child, 'SIGKILL');
    expect(cut!.progress).toBeLessThan(100);

    // What the killed server left: some chunks of a write the source does not name.
    database = await openDatabase({ pgliteDir, ...pgliteTemplates() });
    const [left] = await database.db
      .select({ rows: count() })
      .from(documentChunks)
      .innerJoin(knowledgeSources, eq(knowledgeSources.id, documentChunks.sourceId))
      .where(and(eq(documentChunks.sourceId, sourceId), sql`${documentChunks.writeId} IS DISTINCT FROM ${knowledgeSources.chunksWriteId}`));
    expect(left!.rows).toBeGreaterThan(0);
    expect(left!.rows).toBeLessThan(expected);
    await database.close();

    const second = await startServer('info');
    const done = await until(second, (s) => s?.status === 'ready' || s?.status === 'failed', 'the restarted server to finish the document');
    expect(done).toMatchObject({ status: 'ready', chunkCount: expected });
    // Discarded when the worker started, before any job ran or any search could find them (nothing hides them any
    // more: the process that knew they were unfinished is gone).
    const discarded = second.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('chunks of unfinished document processing discarded'))
      .map((line) => (JSON.parse(line) as { chunks: number }).chunks);
    expect(discarded).toEqual([left!.rows]);
    await stop(second.child, 'SIGTERM');

    database = await openDatabase({ pgliteDir, ...pgliteTemplates() });
    try {
      const [chunks] = await database.db
        .select({ rows: count(), indexes: countDistinct(documentChunks.chunkIndex), writes: countDistinct(documentChunks.writeId) })
        .from(documentChunks)
        .where(eq(documentChunks.sourceId, sourceId));
      expect(chunks).toEqual({ rows: expected, indexes: expected, writes: 1 });
      const [metered] = await database.db
        .select({ entries: count() })
        .from(usageLedger)
        .where(and(eq(usageLedger.chatbotId, bot.id), eq(usageLedger.tokenType, 'embedding')));
      expect(metered!.entries).toBe(1);
    } finally {
      await database.close();
    }
  }, 400_000);
});
