import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { messages } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { addTextSource, waitForSourcesReady } from '../../test/training-data';

/** A local OpenAI-compatible model server: streams a fixed answer that cites passage [1]. */
const requests: { body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] = [];
/** What the chat asked the model to rewrite (a follow-up and the question before it). */
const rewrites: string[] = [];
const server: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    if (req.url !== '/v1/chat/completions') {
      res.statusCode = 404;
      return res.end();
    }
    const body = JSON.parse(raw) as (typeof requests)[number]['body'];
    // Asked to rewrite a follow-up, the model answers the standalone question (not streamed).
    if (body.messages[0]?.content.startsWith('Rewrite the follow-up question')) {
      rewrites.push(body.messages.at(-1)!.content);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id: 'r1',
          object: 'chat.completion',
          created: 1,
          model: 'local-model',
          choices: [{ index: 0, message: { role: 'assistant', content: 'When are refunds paid on Sundays?' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 },
        }),
      );
    }
    // A question asking for it gets a failure, as from a provider that is down.
    if (body.messages.at(-1)?.content.includes('Question: Fail')) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: { message: 'The model is not available.', type: 'invalid_request_error' } }));
    }
    requests.push({ body });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    // Asked which passage says it, the model cites the second passage it was given.
    const asksWhich = body.messages.at(-1)?.content.includes('Question: Which');
    const pieces = asksWhich ? ['Shipping to Europe ', 'takes three days [2].'] : ['Refunds are ', 'paid within ', 'five working days [1].'];
    const chunk = (delta: object, extra: object = {}) =>
      res.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' });
    for (const piece of pieces) chunk({ content: piece });
    res.write(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    res.write(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [], usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describeEachDatabase(
  'answers from an OpenAI-compatible model through the AI SDK',
  (ctx) => {
    it('streams the model’s answer, grounded in the retrieved passages, with the cited source', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = (
        await c.app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers: { cookie: owner.cookie },
          payload: { name: 'LLM bot', modelProvider: 'openai-compatible', modelName: 'local-model', systemPrompt: 'You are the Acme support bot.' },
        })
      ).json() as { id: string };
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'refund policy', text: 'Refunds are paid back to the original card within five working days.' },
      });
      const deadline = Date.now() + 30_000;
      while (
        (await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items[0]?.status !== 'ready'
      ) {
        if (Date.now() > deadline) throw new Error('source not ready');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const response = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'How long do refunds take?' },
      });
      const events = response.body
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
      const deltas = events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text);
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('')).toBe('Refunds are paid within five working days [1].');
      const done = events.find((e) => e.type === 'done') as { answered: boolean; citations: { sourceName: string }[] };
      expect(done.answered).toBe(true);
      expect(done.citations.map((x) => x.sourceName)).toEqual(['refund policy']);

      const sent = requests.at(-1)!.body;
      expect(sent.model).toBe('local-model');
      expect(sent.stream).toBe(true);
      const prompt = sent.messages.map((m) => m.content).join('\n');
      expect(prompt).toContain('You are the Acme support bot.');
      expect(prompt).toContain('within five working days');
      expect(prompt).toContain('How long do refunds take?');
    });

    it('leaves a failed answer and its question out of the conversation the model is shown next', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = (
        await c.app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers: { cookie: owner.cookie },
          payload: { name: 'LLM bot 2', modelProvider: 'openai-compatible', modelName: 'local-model' },
        })
      ).json() as { id: string };
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'refund policy', text: 'Refunds are paid back to the original card within five working days.' },
      });
      const deadline = Date.now() + 30_000;
      while (
        (await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items[0]?.status !== 'ready'
      ) {
        if (Date.now() > deadline) throw new Error('source not ready');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const ask = async (message: string, conversationId?: string) => {
        const response = await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/test-chat`,
          headers: { cookie: owner.cookie },
          payload: { message, ...(conversationId ? { conversationId } : {}) },
        });
        return response.body
          .split('\n\n')
          .filter((b) => b.startsWith('data: '))
          .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
      };

      const first = await ask('How long do refunds take?');
      const { conversationId } = first.find((e) => e.type === 'meta') as { conversationId: string };
      // The provider fails before any text: the answer is stored empty, as an error.
      expect((await ask('Fail on the refunds for me?', conversationId)).some((e) => e.type === 'error')).toBe(true);
      await ask('Are refunds paid to the card?', conversationId);

      const sent = requests.at(-1)!.body.messages.filter((m) => m.role !== 'system');
      expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(sent[0]!.content).toBe('How long do refunds take?');
      expect(sent[1]!.content).toBe('Refunds are paid within five working days [1].');
      expect(sent[2]!.content).toContain('Question: Are refunds paid to the card?');
      expect(sent.every((m) => m.content.trim() !== '')).toBe(true);
    });

    it('numbers each cited source by the passage’s place in the prompt, the number the answer cites it by, when sent and when stored', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = (
        await c.app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers: { cookie: owner.cookie },
          payload: { name: 'LLM bot 3', modelProvider: 'openai-compatible', modelName: 'local-model' },
        })
      ).json() as { id: string };
      for (const [name, text] of [
        ['refund policy', 'Refunds for shipping damage are paid back to the original card within five working days.'],
        ['shipping guide', 'Shipping to Europe takes three days; refunds for lost shipping are paid at once.'],
      ]) {
        await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/sources/text`, headers: { cookie: owner.cookie }, payload: { name, text } });
      }
      const deadline = Date.now() + 30_000;
      for (;;) {
        const items = (await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items as {
          status: string;
        }[];
        if (items.length === 2 && items.every((item) => item.status === 'ready')) break;
        if (Date.now() > deadline) throw new Error('sources not ready');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const response = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'Which refunds for shipping are paid?' },
      });
      const events = response.body
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
      // The passage the prompt numbered [2] is the one the answer's "[2]" names.
      const prompt = requests.at(-1)!.body.messages.at(-1)!.content;
      const second = /^\[2\] Source: (.+)$/m.exec(prompt)?.[1];
      expect(second).toBeTruthy();
      const done = events.find((e) => e.type === 'done') as Extract<ChatStreamEvent, { type: 'done' }>;
      expect(done.citations.map((x) => [x.number, x.sourceName])).toEqual([[2, second]]);
      const { messageId } = events.find((e) => e.type === 'meta') as { messageId: string };
      const [stored] = await c.database.db.select({ sources: messages.sources }).from(messages).where(eq(messages.id, messageId));
      expect(stored!.sources).toEqual(done.citations);
    });

    it('rewrites a follow-up into a standalone question with the model before retrieving, and answers that', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const headers = { cookie: owner.cookie };
      const bot = (
        await c.app.inject({
          method: 'POST',
          url: '/api/chatbots',
          headers,
          payload: { name: 'LLM bot 3', modelProvider: 'openai-compatible', modelName: 'local-model' },
        })
      ).json() as { id: string };
      await addTextSource(c, headers, bot.id, 'refund policy', 'Refunds are paid back to the original card within five working days, also on Sundays.');
      await waitForSourcesReady(c, headers, bot.id, 1);
      const ask = async (message: string, conversationId?: string) => {
        const response = await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/test-chat`,
          headers,
          payload: { message, ...(conversationId ? { conversationId } : {}) },
        });
        return response.body
          .split('\n\n')
          .filter((b) => b.startsWith('data: '))
          .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
      };
      const first = await ask('When are refunds paid?');
      const { conversationId } = first.find((e) => e.type === 'meta') as { conversationId: string };
      const rewritesBefore = rewrites.length;
      await ask('And on Sundays?', conversationId);
      expect(rewrites.slice(rewritesBefore)).toEqual(['Previous question: When are refunds paid?\nFollow-up question: And on Sundays?']);
      // The answer is asked for the rewritten question, with the conversation before it.
      const prompt = requests
        .at(-1)!
        .body.messages.map((m) => m.content)
        .join('\n');
      expect(prompt).toContain('When are refunds paid on Sundays?');
      // A question that stands on its own is not rewritten.
      await ask('How long does shipping take?', conversationId);
      expect(rewrites.length).toBe(rewritesBefore + 1);
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: baseURL },
  { startBackgroundWork: true },
);
