import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import type { NotificationListener } from '../db/notifications';
import type { ReadCache } from '../db/read-cache';
import * as schema from '../db/schema/index';
import { chatbots, documentChunks, knowledgeSources } from '../db/schema/index';
import { vectorLiteral } from '../db/vector';
import { insertChatbotRows } from '../test/chatbot-rows';
import { describeEachDatabase } from '../test/harness';
import { everyChangeHeard, otherNode, until } from '../test/other-node';
import { forgetWrite, writeInSteps } from './chunk-writes';
import { createLocalEmbedder } from './embedders/local';
import type { Embedder } from './embedders/types';
import type { Passage } from './retrieval';
import { createRetrievalCache, retrievePassagesCached } from './retrieval-cache';

/** The same database, with every statement retrieval sends through it counted (drizzle's logger). */
function countingDatabase(database: Database) {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.driver === 'pglite' ? drizzlePglite({ client: client as PGlite, schema, logger }) : drizzleNodePg({ client: client as pg.Pool, schema, logger });
  return { database: { ...database, db: db as unknown as Db }, statements: () => statements };
}

/** The offline embedder, counting the texts it is asked to embed. */
function countingEmbedder() {
  const base = createLocalEmbedder({ dimensions: 384 });
  const embedder: Embedder & { texts: number } = {
    id: base.id,
    provider: base.provider,
    model: base.model,
    dimensions: base.dimensions,
    texts: 0,
    embed: async (texts, options) => {
      embedder.texts += texts.length;
      return base.embed(texts, options);
    },
  };
  return embedder;
}

describe('the retrieval cache’s bound in characters', () => {
  it('drops the least recently read results while their passages hold more than the bound; keeps none larger than it', async () => {
    let listener: NotificationListener | undefined;
    const database = { listen: async (_channel: string, next: NotificationListener) => ((listener = next), async () => {}) };
    const cache = await createRetrievalCache(database, { maxCharacters: 1_000 });
    listener!.onListening(true);
    // A passage weighs its text, its source's name and 100 for the rest.
    const result = (characters: number): Passage[] => [{ chunkId: 'c', sourceId: 's', sourceName: '', text: 'x'.repeat(characters - 100), score: 1 }];
    const read = (key: string, characters: number) => cache.read([documentChunks], key, async () => result(characters));
    await read('a', 500);
    await read('b', 400);
    expect(cache.size).toBe(2);
    await read('c', 300);
    expect(cache.size).toBe(2);
    // 'a' went; 'b' and 'c' are kept.
    let loads = 0;
    for (const key of ['b', 'c']) await cache.read([documentChunks], key, async () => ((loads += 1), result(100)));
    expect(loads).toBe(0);
    await read('huge', 1_001);
    expect(cache.size).toBe(2);
    await cache.close();
  });
});

const SHIPPING = ['Parcels ship within two business days from our Oslo warehouse.', 'Express shipping arrives the next morning for a small fee.'];
const RETURNS = ['Returns are accepted within thirty days when the receipt is shown.'];
const WARRANTY = ['The warranty covers manufacturing defects for two full years.'];
const QUESTION = 'How long does the warranty last?';

describeEachDatabase('passages of repeated questions, from the retrieval cache', (ctx) => {
  let other: ReturnType<typeof otherNode>;
  let counting: ReturnType<typeof countingDatabase>;
  const embedder = countingEmbedder();
  beforeAll(() => {
    other = otherNode(ctx().database);
    counting = countingDatabase(ctx().database);
  });
  afterAll(async () => other?.close());

  type Bot = { organizationId: string; chatbotId: string };
  async function createBot(): Promise<Bot> {
    const { organizationId, chatbot } = await insertChatbotRows(ctx().database.db, { chatbot: { embeddingDimensions: 384 } });
    return { organizationId, chatbotId: chatbot.id };
  }

  /** A chat turn's retrieval: the chatbot's topK as stored now (read apart: not counted), then the passages. */
  async function ask(bot: Bot, question = QUESTION, cache: ReadCache = ctx().app.retrievalCache) {
    const [row] = await ctx().database.db.select({ topK: chatbots.retrievalTopK }).from(chatbots).where(eq(chatbots.id, bot.chatbotId));
    return retrievePassagesCached(counting.database, cache, { chatbotId: bot.chatbotId, question, embedder, topK: row!.topK });
  }

  const allHeard = (cache: ReadCache = ctx().app.retrievalCache) => everyChangeHeard(cache, other);

  /** Asks until the answer is kept, then asks again: the second answer costs no statement and no embedding. */
  async function askedFromMemory(bot: Bot, question = QUESTION, cache?: ReadCache) {
    await allHeard(cache);
    const first = await ask(bot, question, cache);
    const [statements, texts] = [counting.statements(), embedder.texts];
    const again = await ask(bot, question, cache);
    expect({ statements: counting.statements() - statements, embedded: embedder.texts - texts }).toEqual({ statements: 0, embedded: 0 });
    expect(again).toBe(first);
    return again;
  }

  /** A ready source with `texts` as its chunks, written in one transaction as ingestion does on PostgreSQL. */
  async function addDocument(bot: Bot, name: string, texts: string[]) {
    const { db, vectorSearch } = ctx().database;
    const vectors = await createLocalEmbedder({ dimensions: 384 }).embed(texts);
    const writeId = randomUUID();
    return db.transaction(async (tx) => {
      const [source] = await tx
        .insert(knowledgeSources)
        .values({
          chatbotId: bot.chatbotId,
          organizationId: bot.organizationId,
          kind: 'text',
          name,
          status: 'ready',
          chunkCount: texts.length,
          chunksWriteId: writeId,
        })
        .returning();
      await tx.insert(documentChunks).values(chunkRows(bot, source!.id, writeId, texts, vectors, vectorSearch));
      return source!.id;
    });
  }

  function chunkRows(bot: Bot, sourceId: string, writeId: string, texts: string[], vectors: number[][], vectorSearch: Database['vectorSearch']) {
    return texts.map((content, i) => ({
      sourceId,
      chatbotId: bot.chatbotId,
      writeId,
      chunkIndex: i,
      content,
      tokenCount: 10,
      embedding: vectorLiteral(vectorSearch, vectors[i]!) as unknown as number[],
      embeddingDimensions: 384,
    }));
  }

  /** The same document added by another node, in one statement. */
  async function addDocumentElsewhere(bot: Bot, name: string, texts: string[]) {
    const vectors = await createLocalEmbedder({ dimensions: 384 }).embed(texts);
    const isPgvector = ctx().database.vectorSearch === 'pgvector';
    const literals = vectors.map((v) => (isPgvector ? `[${v.join(',')}]` : `{${v.join(',')}}`));
    await other.query(
      `WITH source AS (
         INSERT INTO knowledge_sources (chatbot_id, organization_id, kind, name, status, chunk_count) VALUES ($1, $2, 'text', $3, 'ready', $4) RETURNING id
       )
       INSERT INTO document_chunks (source_id, chatbot_id, chunk_index, content, token_count, embedding, embedding_dimensions)
       SELECT source.id, $1, t.i - 1, t.content, 10, t.embedding::${isPgvector ? 'vector' : 'real[]'}, 384
         FROM source, unnest($5::text[], $6::text[]) WITH ORDINALITY AS t(content, embedding, i)`,
      [bot.chatbotId, bot.organizationId, name, texts.length, texts, literals],
    );
  }

  const sourcesOf = (passages: readonly { sourceName: string }[]) => [...new Set(passages.map((p) => p.sourceName))].sort();

  it('a chat turn goes through the cache: the same question asked twice is kept once', async () => {
    const { app, database } = ctx();
    const { chatbot } = await insertChatbotRows(database.db, { chatbot: { status: 'live' } });
    const before = app.retrievalCache.size;
    const turn = (message: string) => app.inject({ method: 'POST', url: `/api/public/chatbots/${chatbot.id}/messages`, payload: { message } });
    expect((await turn('What are your opening hours?')).statusCode).toBe(200);
    expect(app.retrievalCache.size).toBe(before + 1);
    expect((await turn('What are your opening hours?')).statusCode).toBe(200);
    expect(app.retrievalCache.size).toBe(before + 1);
    expect((await turn('Where is the shop?')).statusCode).toBe(200);
    expect(app.retrievalCache.size).toBe(before + 2);
  });

  it('answers a repeated question with no statement and no embedding, the same passages, frozen; the words exactly as asked', async () => {
    const bot = await createBot();
    await addDocument(bot, 'Shipping', SHIPPING);
    await addDocument(bot, 'Warranty', WARRANTY);
    const passages = await askedFromMemory(bot);
    expect(passages[0]).toMatchObject({ sourceName: 'Warranty', text: WARRANTY[0] });
    expect(Object.isFrozen(passages) && passages.every((p) => Object.isFrozen(p))).toBe(true);
    // Spaces around the question are not part of it; its case is (an embedder may tell case apart).
    const statements = counting.statements();
    expect(await ask(bot, `  ${QUESTION}\n`)).toEqual(passages);
    expect(counting.statements()).toBe(statements);
    await ask(bot, QUESTION.toUpperCase());
    expect(counting.statements()).toBeGreaterThan(statements);
  });

  it('sees this node’s changes at once: a document added, a source renamed, a source deleted, the chatbot’s topK', async () => {
    const bot = await createBot();
    await addDocument(bot, 'Shipping', SHIPPING);
    await addDocument(bot, 'Returns', RETURNS);
    expect(sourcesOf(await askedFromMemory(bot))).toEqual(['Returns', 'Shipping']);

    const warranty = await addDocument(bot, 'Warranty', WARRANTY);
    expect((await ask(bot))[0]).toMatchObject({ sourceName: 'Warranty', text: WARRANTY[0] });

    await askedFromMemory(bot);
    await ctx().database.db.update(knowledgeSources).set({ name: 'Guarantee' }).where(eq(knowledgeSources.id, warranty));
    expect((await ask(bot))[0]).toMatchObject({ sourceName: 'Guarantee', text: WARRANTY[0] });

    await askedFromMemory(bot);
    await ctx().database.db.delete(knowledgeSources).where(eq(knowledgeSources.id, warranty));
    expect(sourcesOf(await ask(bot))).toEqual(['Returns', 'Shipping']);

    expect(await askedFromMemory(bot)).toHaveLength(3);
    await ctx().database.db.update(chatbots).set({ retrievalTopK: 1 }).where(eq(chatbots.id, bot.chatbotId));
    expect(await ask(bot)).toHaveLength(1);
  });

  it('sees another node’s changes once they are heard: a document added, a source renamed, a source deleted, the chatbot’s topK', async () => {
    const bot = await createBot();
    await addDocument(bot, 'Shipping', SHIPPING);
    await addDocument(bot, 'Returns', RETURNS);
    expect(sourcesOf(await askedFromMemory(bot))).toEqual(['Returns', 'Shipping']);

    await addDocumentElsewhere(bot, 'Warranty', WARRANTY);
    await until(async () => (await ask(bot))[0]?.sourceName === 'Warranty', 'the new document is found');

    await askedFromMemory(bot);
    await other.query(`UPDATE knowledge_sources SET name = 'Guarantee' WHERE chatbot_id = $1 AND name = 'Warranty'`, [bot.chatbotId]);
    await until(async () => (await ask(bot))[0]?.sourceName === 'Guarantee', 'the renamed source is named');

    await askedFromMemory(bot);
    await other.query(`DELETE FROM knowledge_sources WHERE chatbot_id = $1 AND name = 'Guarantee'`, [bot.chatbotId]);
    await until(async () => !sourcesOf(await ask(bot)).includes('Guarantee'), 'the deleted source is gone');
    expect(sourcesOf(await ask(bot))).toEqual(['Returns', 'Shipping']);

    expect(await askedFromMemory(bot)).toHaveLength(3);
    await other.query('UPDATE chatbots SET retrieval_top_k = 2 WHERE id = $1', [bot.chatbotId]);
    await until(async () => (await ask(bot)).length === 2, 'the new topK holds');
  });

  it('hears a source claim the chunks it wrote in steps, hidden until then (the embedded database’s way)', async () => {
    const bot = await createBot();
    await addDocument(bot, 'Shipping', SHIPPING);
    const { db, vectorSearch } = ctx().database;
    const [source] = await db
      .insert(knowledgeSources)
      .values({ chatbotId: bot.chatbotId, organizationId: bot.organizationId, kind: 'text', name: 'Warranty', status: 'processing' })
      .returning();
    const writeId = randomUUID();
    const vectors = await createLocalEmbedder({ dimensions: 384 }).embed(WARRANTY);
    const outcome = await writeInSteps(counting.database, {
      sourceId: source!.id,
      chatbotId: bot.chatbotId,
      version: source!.version,
      writeId,
      rows: chunkRows(bot, source!.id, writeId, WARRANTY, vectors, vectorSearch),
      publish: async () => {
        // Written, not yet claimed: searches leave the chunks out, and that answer is kept.
        expect(sourcesOf(await askedFromMemory(bot))).toEqual(['Shipping']);
        await db.transaction(async (tx) => {
          await tx.update(knowledgeSources).set({ status: 'ready', progress: 100, chunksWriteId: writeId }).where(eq(knowledgeSources.id, source!.id));
          forgetWrite(counting.database, bot.chatbotId, writeId);
        });
        return 'done';
      },
    });
    expect(outcome).toBe('done');
    expect((await ask(bot))[0]).toMatchObject({ sourceName: 'Warranty', text: WARRANTY[0] });
  });

  it('never gives one chatbot’s passages to another asking the same question', async () => {
    const first = await createBot();
    await addDocument(first, 'Warranty', WARRANTY);
    expect(sourcesOf(await askedFromMemory(first))).toEqual(['Warranty']);
    const second = await createBot();
    expect(await ask(second)).toEqual([]);
    const theirs = await addDocument(second, 'Their warranty', ['Our warranty lasts five years on every bicycle frame.']);
    const passages = await askedFromMemory(second);
    expect(passages.map((p) => p.sourceId)).toEqual([theirs]);
    expect(sourcesOf(await askedFromMemory(first))).toEqual(['Warranty']);
  });

  it('is heard once a statement (a bulk insert of chunks is one notification), and not for a source’s progress', async () => {
    const { rows } = await ctx().database.executeSql(
      `SELECT c.relname AS table, (t.tgtype & 1) = 1 AS for_each_row FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'parley_notify_read_cache' AND c.relname IN ('document_chunks', 'knowledge_sources') ORDER BY 1`,
    );
    expect(rows).toEqual([
      { table: 'document_chunks', for_each_row: false },
      { table: 'knowledge_sources', for_each_row: false },
    ]);

    const bot = await createBot();
    const source = await addDocument(bot, 'Warranty', WARRANTY);
    await askedFromMemory(bot);
    // Processing writes a source's status and progress many times a document: retrieval reads neither.
    await other.query(`UPDATE knowledge_sources SET status = 'processing', progress = 50, updated_at = now() WHERE id = $1`, [source]);
    await allHeard();
    const statements = counting.statements();
    await ask(bot);
    expect(counting.statements()).toBe(statements);
  });

  it('keeps at most its bound: the least recently asked questions go, and a result larger than the whole budget is not kept', async () => {
    const bot = await createBot();
    await addDocument(bot, 'Shipping', SHIPPING);
    await addDocument(bot, 'Returns', RETURNS);
    const questions = ['When do parcels ship?', 'Is express shipping extra?', 'Can I return an item?', 'Where is the warehouse?', 'Do you need my receipt?'];
    const cache = await createRetrievalCache(ctx().database, { maxEntries: 3 });
    try {
      expect(cache.isServing).toBe(true);
      await allHeard(cache);
      for (const question of questions) await ask(bot, question, cache);
      expect(cache.size).toBe(3);
      const statements = counting.statements();
      for (const question of questions.slice(2)) await ask(bot, question, cache);
      expect(counting.statements()).toBe(statements);
      await ask(bot, questions[0], cache);
      expect(counting.statements()).toBeGreaterThan(statements);
      expect(cache.size).toBe(3);
    } finally {
      await cache.close();
    }

    const tiny = await createRetrievalCache(ctx().database, { maxCharacters: 100 });
    try {
      await ask(bot, questions[0], tiny);
      expect(tiny.size).toBe(0);
    } finally {
      await tiny.close();
    }
  });
});
