import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { addTextSource, waitForSourcesReady } from '../../test/training-data';

/**
 * A local OpenAI-compatible model provider that fails the way the test asks: an HTTP error with its own reason, or a
 * stream cut off after its first words. (Statuses below 500 other than 429: the AI SDK does not retry them.)
 */
type Mode = { kind: 'http'; status: number; body: string } | { kind: 'cut' };
let mode: Mode = { kind: 'http', status: 400, body: '{}' };
const provider: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (mode.kind === 'http') {
      res.writeHead(mode.status, { 'content-type': 'application/json' });
      return res.end(mode.body);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta: { role: 'assistant', content: 'Refunds are ' }, finish_reason: null }] })}\n\n`,
    );
    setTimeout(() => res.destroy(), 50);
  });
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const providerURL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

async function setUp(c: TestContext) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = (
    await c.app.inject({
      method: 'POST',
      url: '/api/chatbots',
      headers,
      payload: { name: 'Upstream bot', modelProvider: 'openai-compatible', modelName: 'local-model', status: 'live' },
    })
  ).json() as { id: string };
  await addTextSource(c, headers, bot.id, 'refund policy', 'Refunds are paid back to the original card within five working days.');
  await waitForSourcesReady(c, headers, bot.id);
  const { secret } = (await c.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'backend', chatbotId: null } })).json() as {
    secret: string;
  };
  if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}/v1/chat/completions`;
  const complete = (stream: boolean) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: bot.id, messages: [{ role: 'user', content: 'How long do refunds take?' }], stream }),
    });
  return { complete };
}

describeEachDatabase(
  'a chat completion whose model provider fails',
  (ctx) => {
    it('answers 502 naming the upstream provider, its status and its reason, streaming or not', async () => {
      const { complete } = await setUp(ctx());
      mode = {
        kind: 'http',
        status: 400,
        body: JSON.stringify({ error: { message: 'The model `local-model` does not exist.', type: 'invalid_request_error' } }),
      };
      const expected = {
        error: {
          message: 'The chatbot’s AI model provider failed with HTTP 400: The model `local-model` does not exist.',
          type: 'upstream_error',
          param: null,
          code: 'upstream_provider_error',
          provider_status: 400,
        },
      };

      const plain = await complete(false);
      expect(plain.status).toBe(502);
      expect(await plain.json()).toEqual(expected);

      // Streaming: the provider failed before any text, so the answer is a 502 too, not a 200 stream holding an error.
      const streamed = await complete(true);
      expect(streamed.status).toBe(502);
      expect(streamed.headers.get('content-type')).toMatch(/application\/json/);
      expect(await streamed.json()).toEqual(expected);
    });

    it('passes on no credential talk or address from the provider', async () => {
      const { complete } = await setUp(ctx());
      mode = {
        kind: 'http',
        status: 401,
        body: JSON.stringify({ error: { message: 'Incorrect API key provided: sk-abc***xyz. See http://10.1.2.3:8080/keys.' } }),
      };
      const answer = await complete(false);
      expect(answer.status).toBe(502);
      const { error } = (await answer.json()) as { error: { message: string; provider_status: number } };
      expect(error).toMatchObject({ message: 'The chatbot’s AI model provider failed with HTTP 401.', provider_status: 401 });

      mode = { kind: 'http', status: 404, body: JSON.stringify({ message: 'No such model at http://10.1.2.3:8080/v1 (ask 10.1.2.3)' }) };
      const notFound = (await (await complete(false)).json()) as { error: { message: string } };
      expect(notFound.error.message).toBe('The chatbot’s AI model provider failed with HTTP 404: No such model at [address] (ask [address]).');
    });

    it('a stream the provider cuts off after its first words ends with an error event saying so, then [DONE]', async () => {
      const { complete } = await setUp(ctx());
      mode = { kind: 'cut' };
      const streamed = await complete(true);
      expect(streamed.status).toBe(200);
      const events = (await streamed.text())
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => block.slice(6));
      expect(events.at(-1)).toBe('[DONE]');
      const parsed = events
        .slice(0, -1)
        .map((data) => JSON.parse(data) as { choices?: { delta: { content?: string } }[]; error?: { type: string; message: string } });
      expect(parsed.map((event) => event.choices?.[0]?.delta.content ?? '').join('')).toBe('Refunds are ');
      expect(parsed.at(-1)?.error).toMatchObject({ type: 'upstream_error', message: expect.stringMatching(/^The chatbot’s AI model provider/) });
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: providerURL },
  { startBackgroundWork: true },
);
