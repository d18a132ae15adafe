import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { documentChunks } from '../../db/schema/index';
import { ConfigError } from '../../config';
import { embeddingsHandler, startFakeOpenAI } from '../../rag/__fixtures__/fake-openai';
import { createSignedInUser, describeEachDatabase, testConfig } from '../../test/harness';

// An Ollama-like server on this machine: it embeds with nomic-embed-text (768 dimensions) and knows no `dimensions` parameter.
const server = await startFakeOpenAI();
server.handle('/v1/embeddings', embeddingsHandler(768));
afterAll(() => server.close());

describeEachDatabase(
  'embeddings from an OpenAI-compatible server (OPENAI_COMPATIBLE_EMBEDDING_MODEL)',
  (ctx) => {
    it('new chatbots embed their documents and questions with the configured model, and answer from them', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Local models' } });
      expect(created.statusCode).toBe(201);
      const bot = created.json() as { id: string; embedding: unknown };
      expect(bot.embedding).toEqual({ provider: 'openai-compatible', model: 'nomic-embed-text', dimensions: 768 });

      server.requests.length = 0;
      const text = 'Our lighthouse museum opens at ten in the morning and closes at five, every day but Monday.';
      const added = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'Opening hours', text },
      });
      expect(added.statusCode).toBe(201);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [source] = (await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items as {
          status: string;
          error: string | null;
        }[];
        if (source!.status === 'ready') break;
        if (source!.status === 'failed') throw new Error(`the source failed: ${source!.error}`);
        if (Date.now() > deadline) throw new Error('the source was not processed in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const documentRequests = server.requests.filter((r) => r.path === '/v1/embeddings');
      expect(documentRequests.length).toBeGreaterThan(0);
      expect(documentRequests[0]!.body).toMatchObject({ model: 'nomic-embed-text', input: [expect.stringContaining('lighthouse museum')] });
      expect(documentRequests[0]!.body).not.toHaveProperty('dimensions');
      const chunks = await c.database.db.select().from(documentChunks).where(eq(documentChunks.chatbotId, bot.id));
      expect(chunks.map((chunk) => chunk.embeddingDimensions)).toEqual([768]);

      server.requests.length = 0;
      const answer = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'When does the lighthouse museum open?' },
      });
      const events = answer.body
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
      const done = events.find((e) => e.type === 'done') as Extract<ChatStreamEvent, { type: 'done' }>;
      expect(done.answered).toBe(true);
      expect(done.citations[0]).toMatchObject({ sourceName: 'Opening hours' });
      expect(server.requests.map((r) => [r.path, r.body.model, r.body.input])).toEqual([
        ['/v1/embeddings', 'nomic-embed-text', ['When does the lighthouse museum open?']],
      ]);
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: server.baseURL, OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'nomic-embed-text', OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: '768' },
  { startBackgroundWork: true },
);

it('the embedding model needs the server and its dimensions; the dimensions are at most 1536', () => {
  expect(() => testConfig({ OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'bge-m3', OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: '1024' })).toThrow(
    /OPENAI_COMPATIBLE_EMBEDDING_MODEL: needs OPENAI_COMPATIBLE_BASE_URL/,
  );
  const server = { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1' };
  expect(() => testConfig({ ...server, OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'bge-m3' })).toThrow(/set both or neither/);
  expect(() => testConfig({ ...server, OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'big', OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: '3072' })).toThrow(ConfigError);
  expect(
    testConfig({ ...server, OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'bge-m3', OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: '1024' }).ai.openaiCompatibleEmbedding,
  ).toEqual({
    model: 'bge-m3',
    dimensions: 1024,
  });
});
