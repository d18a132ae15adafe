import type { ChatStreamEvent } from '@parley/shared/contracts/chatbots';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';

/** A local OpenAI-compatible model server: streams a fixed answer that cites passage [1]. */
const requests: { body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] = [];
const server: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    if (req.url !== '/v1/chat/completions') {
      res.statusCode = 404;
      return res.end();
    }
    requests.push({ body: JSON.parse(raw) });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const pieces = ['Refunds are ', 'paid within ', 'five working days [1].'];
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
  },
  { OPENAI_COMPATIBLE_BASE_URL: baseURL },
  { startBackgroundWork: true },
);
