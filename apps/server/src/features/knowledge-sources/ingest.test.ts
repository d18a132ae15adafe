import type { KnowledgeSourceList } from '@parley/shared/contracts/knowledge-sources';
import { and, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { chatbots, documentChunks, knowledgeSources, usageLedger } from '../../db/schema/index';
import { cosineDistance, vectorIndexStates } from '../../db/vector';
import { createLocalEmbedder } from '../../rag/embedders/local';
import type { Embedder } from '../../rag/embedders/types';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { retrievePassages } from '../../rag/retrieval';
import { defaultChunkWriteMode, discardUnfinishedChunkWrites, withoutUnfinishedWrites, writeInSteps } from '../../rag/chunk-writes';
import { markSourceFailed, processSource, type IngestDeps } from './ingest';

const LONG_TEXT = Array.from(
  { length: 40 },
  (_, i) =>
    `## Section ${i + 1}\n\nThe rocket part number ${1000 + i} is made of titanium grade ${i % 5} and weighs ${i + 3} kilograms. It is inspected every ${i + 2} days by the quality team.`,
).join('\n\n');

/** A source stored directly as queued (no job), so the test drives processSource itself. */
async function queuedSource(c: TestContext, text: string) {
  const owner = await createSignedInUser(c);
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Ingest test' } })).json() as {
    id: string;
    organizationId: string;
  };
  const [source] = await c.database.db
    .insert(knowledgeSources)
    .values({
      chatbotId: bot.id,
      organizationId: bot.organizationId,
      kind: 'text',
      name: 'parts',
      mimeType: 'text/plain',
      data: Buffer.from(text),
      sizeBytes: text.length,
    })
    .returning();
  return source!;
}

const chunkCount = async (c: TestContext, sourceId: string) =>
  Number((await c.database.db.select({ n: count() }).from(documentChunks).where(eq(documentChunks.sourceId, sourceId)))[0]?.n ?? 0);

function deps(c: TestContext, embedder: Embedder): IngestDeps {
  return { database: c.database, embedderFor: () => embedder, fetchTimeoutMs: 2000, allowPrivateNetworks: true, log: c.app.log, meter: c.app.tokenMeter };
}

/** An embedder that dies after `batches` calls, like a process killed mid-document. */
function crashingEmbedder(batches: number): Embedder {
  const real = createLocalEmbedder({ dimensions: 384 });
  let calls = 0;
  return {
    ...real,
    async embed(texts) {
      calls += 1;
      if (calls > batches) throw new Error('process killed');
      return real.embed(texts);
    },
  };
}

let server: Server;
let base = '';
let siteUp = true;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/manual.html') {
      res.setHeader('content-type', 'text/html');
      return res.end(
        '<html><head><title>Manual</title><script>alert(1)</script></head><body><h1>Launch manual</h1><p>Always fuel the rocket with liquid oxygen before launch.</p></body></html>',
      );
    }
    // Addresses without a useful extension, read by their Content-Type; a Markdown file served as text/plain, by its extension.
    const typed: Record<string, [string, string]> = {
      '/docs/shipping': ['text/markdown; charset=utf-8', '# Shipping\n\nParcels to Norway travel by **fjord ferry** in four days.'],
      '/export?format=json': ['application/json', JSON.stringify({ faq: [{ q: 'Opening hours?', a: 'The kiosk on the pier opens at seven.' }] })],
      '/notes.php': ['text/plain', 'Plain notes: the lighthouse lamp is cleaned every Tuesday.'],
      '/raw/guide.md': ['text/plain', '## Guide\n\nThe **harbour master** signs every departure.'],
      '/logo': ['image/png', 'not really a picture'],
    };
    if (req.url === '/changing.html' && siteUp) {
      res.setHeader('content-type', 'text/html');
      return res.end('<html><body><p>The ferry to the island leaves every hour from pier four.</p></body></html>');
    }
    const entry = typed[req.url ?? ''];
    if (entry) {
      res.setHeader('content-type', entry[0]);
      return res.end(entry[1]);
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A document about one metal, long enough for many chunks. */
const metalText = (metal: string) =>
  Array.from(
    { length: 120 },
    (_, i) =>
      `## Part ${i + 1}\n\nThe valve number ${2000 + i} is forged from ${metal} and holds ${i + 10} bar. Its ${metal} seat is replaced every ${i + 4} weeks.`,
  ).join('\n\n');

describeEachDatabase('document ingestion', (ctx) => {
  it('an embedding size first used since start-up gets its own HNSW index, which searches use; the next start-up keeps it', async (test) => {
    const c = ctx();
    if (c.database.vectorSearch !== 'pgvector') {
      const reason = 'pgvector is not installed on this PostgreSQL server (deploy/install-pgvector.sh)';
      console.warn(`[ingest.test] per-size vector index test skipped: ${reason}`);
      test.skip(reason);
    }
    const { db } = c.database;
    const states = () => vectorIndexStates(db, 'document_chunks', 'embedding', 768);
    expect(c.database.vectorIndexes.sizes()).toEqual([384, 1536]);
    expect(await states()).toEqual({ vector: 'missing', halfvec: 'missing' });

    const source = await queuedSource(c, LONG_TEXT);
    await db.update(chatbots).set({ embeddingDimensions: 768 }).where(eq(chatbots.id, source.chatbotId));
    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 768 })), { sourceId: source.id, version: 1 })).toBe('done');
    for (let i = 0; i < 400 && (await states()).vector !== 'valid'; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await states()).toEqual({ vector: 'valid', halfvec: 'missing' });
    expect(c.database.vectorIndexes.sizes()).toEqual([384, 768, 1536]);

    // The search of that size's chunks (the expression retrieval writes) can use the index.
    const query = createLocalEmbedder({ dimensions: 768 }).embed(['titanium part weight']);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const distance = cosineDistance('pgvector', sql.raw('embedding'), (await query)[0]!, c.database.vectorIndexes.formFor(768));
      return tx.execute(sql`EXPLAIN SELECT id FROM document_chunks WHERE embedding_dimensions = 768 ORDER BY ${distance} LIMIT 5`);
    });
    expect(JSON.stringify(plan)).toContain('document_chunks_embedding_768_hnsw');

    if (c.database.driver !== 'postgres') return;
    // Another node started now finds the size in use and moves its index to half precision in the background.
    const node = await openDatabase({ databaseUrl: c.database.url!, poolSize: 2, vectorIndexPollMs: 50 });
    try {
      expect(node.vectorIndexes.sizes()).toEqual([384, 768, 1536]);
      for (let i = 0; i < 400 && node.vectorIndexes.formFor(768) !== 'halfvec'; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(node.vectorIndexes.formFor(768)).toBe('halfvec');
    } finally {
      await node.close();
    }
  });

  it('a job interrupted mid-way leaves no chunks, and the retry ends with the same chunks as an uninterrupted run', async () => {
    const c = ctx();
    const reference = await queuedSource(c, LONG_TEXT);
    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: reference.id, version: 1 })).toBe('done');
    const expected = await chunkCount(c, reference.id);
    expect(expected).toBeGreaterThan(2);

    const interrupted = await queuedSource(c, LONG_TEXT);
    await expect(processSource(deps(c, crashingEmbedder(0)), { sourceId: interrupted.id, version: 1 })).rejects.toThrow('process killed');
    expect(await chunkCount(c, interrupted.id)).toBe(0);
    const [midway] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, interrupted.id));
    expect(midway?.status).toBe('processing');

    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: interrupted.id, version: 1 })).toBe('done');
    expect(await chunkCount(c, interrupted.id)).toBe(expected);
    // Running the same job again (a duplicate delivery) finds the version done and leaves it as it is.
    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: interrupted.id, version: 1 })).toBe('stale');
    expect(await chunkCount(c, interrupted.id)).toBe(expected);
    const [done] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, interrupted.id));
    expect(done).toMatchObject({ status: 'ready', progress: 100, chunkCount: expected });
  });

  it('two runs of one version at once (a retry started past the timeout): one finishes it, the other changes nothing', async () => {
    const c = ctx();
    const source = await queuedSource(c, LONG_TEXT);
    const local = createLocalEmbedder({ dimensions: 384 });
    let overtaken = false;
    // The slow run: while it embeds, the retry runs from start to end.
    const slow: Embedder = {
      ...local,
      embed: async (texts) => {
        if (!overtaken) {
          overtaken = true;
          expect(await processSource(deps(c, local), { sourceId: source.id, version: 1 })).toBe('done');
        }
        return local.embed(texts);
      },
    };
    expect(await processSource(deps(c, slow), { sourceId: source.id, version: 1 })).toBe('stale');
    const [row] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    expect(row).toMatchObject({ status: 'ready', progress: 100 });
    // Storage tokens charged once, document.processed (when listened to) emitted once: one ledger row.
    const charged = await c.database.db
      .select()
      .from(usageLedger)
      .where(and(eq(usageLedger.chatbotId, row!.chatbotId), eq(usageLedger.tokenType, 'embedding')));
    expect(charged).toHaveLength(1);
  });

  it('a job for an older version of the source gives up', async () => {
    const c = ctx();
    const source = await queuedSource(c, LONG_TEXT);
    await c.database.db.update(knowledgeSources).set({ version: 2 }).where(eq(knowledgeSources.id, source.id));
    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: source.id, version: 1 })).toBe('stale');
    expect(await chunkCount(c, source.id)).toBe(0);
  });

  it('fetches a web page source through the guard and reads its text without scripts', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Web' } })).json() as {
      id: string;
      organizationId: string;
    };
    const [source] = await c.database.db
      .insert(knowledgeSources)
      .values({ chatbotId: bot.id, organizationId: bot.organizationId, kind: 'url', name: 'manual', sourceUrl: `${base}/manual.html` })
      .returning();
    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: source!.id, version: 1 })).toBe('done');
    const chunks = await c.database.db.select({ content: documentChunks.content }).from(documentChunks).where(eq(documentChunks.sourceId, source!.id));
    const text = chunks.map((ch) => ch.content).join(' ');
    expect(text).toMatch(/liquid oxygen/);
    expect(text).not.toMatch(/alert/);

    const [stored] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source!.id));
    expect(stored!.sizeBytes).toBeGreaterThan(100);

    const guarded = { ...deps(c, createLocalEmbedder({ dimensions: 384 })), allowPrivateNetworks: false };
    const [blocked] = await c.database.db
      .insert(knowledgeSources)
      .values({ chatbotId: bot.id, organizationId: bot.organizationId, kind: 'url', name: 'internal', sourceUrl: `${base}/manual.html` })
      .returning();
    await expect(processSource(guarded, { sourceId: blocked!.id, version: 1 })).rejects.toThrow(/private or local networks/);
  });

  it('reads a web page by its extension when it is one Parley reads, else by its Content-Type; an unreadable type fails with the type named', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Typed' } })).json() as {
      id: string;
      organizationId: string;
    };
    const ingestUrl = async (path: string) => {
      const [source] = await c.database.db
        .insert(knowledgeSources)
        .values({ chatbotId: bot.id, organizationId: bot.organizationId, kind: 'url', name: path, sourceUrl: `${base}${path}` })
        .returning();
      const outcome = await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: source!.id, version: 1 }).catch(
        (error: Error) => error,
      );
      const chunks = await c.database.db.select({ content: documentChunks.content }).from(documentChunks).where(eq(documentChunks.sourceId, source!.id));
      return { outcome, text: chunks.map((ch) => ch.content).join(' ') };
    };

    // Markdown by its type: its lines are kept, as for an uploaded .md file (read as HTML they would run together).
    const markdown = await ingestUrl('/docs/shipping');
    expect(markdown.outcome).toBe('done');
    expect(markdown.text).toMatch(/Shipping\n+Parcels to Norway travel by \*\*fjord ferry\*\*/);
    // JSON by its type: read as structured text, not as one line of braces.
    const json = await ingestUrl('/export?format=json');
    expect(json.text).toMatch(/kiosk on the pier opens at seven/);
    expect(json.text).not.toMatch(/[{}]/);
    // An extension Parley does not read (.php): the type, plain text.
    expect((await ingestUrl('/notes.php')).text).toMatch(/lighthouse lamp/);
    // A Markdown file served as text/plain: its extension.
    const raw = await ingestUrl('/raw/guide.md');
    expect(raw.text).toMatch(/Guide\n+The \*\*harbour master\*\* signs/);
    // A picture is not read as a web page.
    const picture = await ingestUrl('/logo');
    expect(picture.outcome).toBeInstanceOf(Error);
    expect((picture.outcome as Error).message).toMatch(/Files of type image\/png are not supported/);
  });

  it('a re-process that fails leaves the last processed version answering, and the list says what it answers from', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Ferry' } })).json() as {
      id: string;
      organizationId: string;
    };
    siteUp = true;
    const [source] = await c.database.db
      .insert(knowledgeSources)
      .values({ chatbotId: bot.id, organizationId: bot.organizationId, kind: 'url', name: 'timetable', sourceUrl: `${base}/changing.html` })
      .returning();
    const ingestDeps = deps(c, createLocalEmbedder({ dimensions: 384 }));
    expect(await processSource(ingestDeps, { sourceId: source!.id, version: 1 })).toBe('done');
    const before = await chunkCount(c, source!.id);
    expect(before).toBeGreaterThan(0);

    // Re-processed while the site is down: the new version fails.
    siteUp = false;
    await c.database.db.update(knowledgeSources).set({ version: 2, status: 'queued' }).where(eq(knowledgeSources.id, source!.id));
    const failure = await processSource(ingestDeps, { sourceId: source!.id, version: 2 }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    await markSourceFailed(c.database, { sourceId: source!.id, version: 2 }, (failure as Error).message);

    expect(await chunkCount(c, source!.id)).toBe(before);
    const answer = await c.app.inject({
      method: 'POST',
      url: `/api/chatbots/${bot.id}/test-chat`,
      headers: { cookie: owner.cookie },
      payload: { message: 'When does the ferry leave?' },
    });
    expect(answer.body).toMatch(/pier four/);
    const list = (
      await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })
    ).json() as KnowledgeSourceList;
    expect(list.items[0]).toMatchObject({ status: 'failed', chunkCount: before, processedAt: expect.any(String) });
    expect(list.totals).toMatchObject({ failed: 1, ready: 0, chunks: before });
    siteUp = true;
  });

  it('a re-process keeps the earlier chunks answering until the new ones are all written; on the embedded database searches get in while they are', async () => {
    const c = ctx();
    const { db } = c.database;
    const source = await queuedSource(c, metalText('titanium'));
    const embedder = createLocalEmbedder({ dimensions: 384 });
    // Steps of about a millisecond: many of them, so the reads below meet the write part-way.
    const ingestDeps = { ...deps(c, embedder), stepBudgetMs: 1 };
    expect(await processSource(ingestDeps, { sourceId: source.id, version: 1 })).toBe('done');
    const before = await chunkCount(c, source.id);

    const changed = metalText('zirconium');
    await db
      .update(knowledgeSources)
      .set({ data: Buffer.from(changed), version: 2, status: 'queued' })
      .where(eq(knowledgeSources.id, source.id));
    const metals = async () => {
      const passages = await retrievePassages(c.database, {
        chatbotId: source.chatbotId,
        question: 'Which valve is forged from zirconium?',
        embedder,
        topK: 5,
      });
      return new Set(passages.flatMap((p) => p.text.match(/titanium|zirconium/g) ?? []));
    };
    const seen: { metals: Set<string>; status: string; progress: number }[] = [];
    let finished = false;
    const run = processSource(ingestDeps, { sourceId: source.id, version: 2 }).finally(() => (finished = true));
    while (!finished) {
      // Each read after the event loop's turn, as a request would come (PGlite's queries alone never give it one).
      await new Promise((resolve) => setImmediate(resolve));
      // The passages first, then the state: a search made while the source still read "processing" was made before it was ready.
      const found = await metals();
      const [state] = await db
        .select({ status: knowledgeSources.status, progress: knowledgeSources.progress })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.id, source.id));
      seen.push({ metals: found, ...state! });
    }
    expect(await run).toBe('done');

    const whileProcessing = seen.filter((s) => s.status !== 'ready');
    expect(whileProcessing.length).toBeGreaterThan(0);
    for (const s of whileProcessing) expect([...s.metals]).toEqual(['titanium']);
    if (defaultChunkWriteMode(c.database) === 'steps') {
      // The chunks were being written (progress 60 to 99) while searches ran: no one transaction held the database.
      expect(whileProcessing.some((s) => s.progress > 60 && s.progress < 100)).toBe(true);
    }
    expect([...(await metals())]).toEqual(['zirconium']);
    expect(withoutUnfinishedWrites(c.database, source.chatbotId)).toBeUndefined();
    const [ready] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    const chunks = await db.select({ writeId: documentChunks.writeId }).from(documentChunks).where(eq(documentChunks.sourceId, source.id));
    expect(chunks).toHaveLength(ready!.chunkCount);
    expect(new Set(chunks.map((ch) => ch.writeId))).toEqual(new Set([ready!.chunksWriteId]));
    expect(ready!.chunkCount).toBeGreaterThan(10);
    expect(before).toBeGreaterThan(10);
  });

  it('a write in steps that fails takes its chunks with it; one a stopped process left is discarded at the next start', async () => {
    const c = ctx();
    const { db } = c.database;
    const source = await queuedSource(c, metalText('copper'));
    expect(await processSource(deps(c, createLocalEmbedder({ dimensions: 384 })), { sourceId: source.id, version: 1 })).toBe('done');
    const [published] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    const rowsOfWrite = async (writeId: string) => {
      const rows = await db
        .select({ ...getTableColumns(documentChunks), embedding: sql<string>`${documentChunks.embedding}::text` })
        .from(documentChunks)
        .where(eq(documentChunks.sourceId, source.id));
      // The embedding as its text form, which the column takes back (vector or real[]).
      return rows.map(({ id: _id, searchVector: _s, createdAt: _c, embedding, ...row }) => ({
        ...row,
        embedding: sql`${embedding}` as unknown as number[],
        writeId,
      }));
    };

    // The run fails when it would make its chunks the source's: they are deleted and no longer hidden.
    await db.update(knowledgeSources).set({ version: 2, status: 'processing' }).where(eq(knowledgeSources.id, source.id));
    const failing = randomUUID();
    const publish = async (): Promise<'done'> => {
      expect(Number((await db.select({ n: count() }).from(documentChunks).where(eq(documentChunks.writeId, failing)))[0]!.n)).toBe(published!.chunkCount);
      expect(withoutUnfinishedWrites(c.database, source.chatbotId)).toBeDefined();
      throw new Error('database went away');
    };
    await expect(
      writeInSteps(c.database, { sourceId: source.id, chatbotId: source.chatbotId, version: 2, writeId: failing, rows: await rowsOfWrite(failing), publish }),
    ).rejects.toThrow('database went away');
    expect(await chunkCount(c, source.id)).toBe(published!.chunkCount);
    expect(withoutUnfinishedWrites(c.database, source.chatbotId)).toBeUndefined();

    // A process stopped part-way through a write (its chunks stored, the source not ready; what hid them went with it) ...
    const left = randomUUID();
    await db.insert(documentChunks).values((await rowsOfWrite(left)).slice(0, 3));
    // ... and chunks of a source never processed before, written before writes had ids.
    const other = await queuedSource(c, 'A short note.');
    await db.update(knowledgeSources).set({ status: 'processing' }).where(eq(knowledgeSources.id, other.id));
    await db.insert(documentChunks).values({ ...(await rowsOfWrite(left))[0]!, sourceId: other.id, chatbotId: other.chatbotId, writeId: null });
    // The next start deletes the stopped write's chunks; the source's own chunks stay, and so do the ones without an id,
    // which are what a source processed before writes had ids answers from.
    expect(await discardUnfinishedChunkWrites(db)).toBe(3);
    expect(await chunkCount(c, source.id)).toBe(published!.chunkCount);
    expect(await chunkCount(c, other.id)).toBe(1);
    expect(
      await db
        .select()
        .from(documentChunks)
        .where(and(eq(documentChunks.sourceId, other.id), isNull(documentChunks.writeId))),
    ).toHaveLength(1);
    expect(await discardUnfinishedChunkWrites(db)).toBe(0);
  });
});
