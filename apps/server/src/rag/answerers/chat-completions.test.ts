import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamProviderError } from '../upstream-error';
import { startFakeOpenAI, streamingChatHandler } from '../__fixtures__/fake-openai';
import { streamChatCompletion, type ChatCompletionRequest } from './chat-completions';

let server: Awaited<ReturnType<typeof startFakeOpenAI>>;
const PATH = '/v1/chat/completions';

beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(PATH, streamingChatHandler(['Refunds take ', 'five days [1].']));
});

const request = (extra: Partial<ChatCompletionRequest> = {}): ChatCompletionRequest => ({
  baseURL: server.baseURL,
  apiKey: 'local-key',
  model: 'llama3.1',
  system: 'Answer from the passages.',
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!' },
    { role: 'user', content: 'How long do refunds take?' },
  ],
  temperature: 0.3,
  firstRetryDelayMs: 1,
  ...extra,
});

async function read(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

/** A handler that writes `body` as the whole streamed answer, whatever was asked. */
const raw =
  (body: string, status = 200, headers: Record<string, string> = { 'content-type': 'text/event-stream' }) =>
  (_request: unknown, response: ServerResponse) => {
    response.writeHead(status, headers).end(body);
  };

describe('streamChatCompletion', () => {
  it('sends what the AI SDK’s OpenAI-compatible provider sends: the system prompt first, the turns, streamed with usage', async () => {
    const answer = streamChatCompletion(request({ maxOutputTokens: 50 }));
    expect((await read(answer.textStream)).join('')).toBe('Refunds take five days [1].');
    expect(await answer.usage).toEqual({ inputTokens: 321, outputTokens: 12 });
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(PATH);
    expect(sent?.headers.authorization).toBe('Bearer local-key');
    expect(sent?.body).toEqual({
      model: 'llama3.1',
      messages: [
        { role: 'system', content: 'Answer from the passages.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'How long do refunds take?' },
      ],
      temperature: 0.3,
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends no authorization without a key, and a base URL with a trailing slash works', async () => {
    const { apiKey: _, ...withoutKey } = request();
    await read(streamChatCompletion({ ...withoutKey, baseURL: `${server.baseURL}/` }).textStream);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.path).toBe(PATH);
  });

  it('reads events split anywhere, with CRLF or LF line ends, comments, data without a space and a body without [DONE]', async () => {
    const chunk = (content: string) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });
    server.handle(PATH, (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const body = `: keep-alive\r\n\r\ndata: ${chunk('Über ')}\r\n\r\ndata:${chunk('café ')}\n\nevent: message\ndata: ${chunk('naïve')}\n\n`;
      // Byte by byte: a multi-byte character is split between writes.
      const bytes = Buffer.from(body);
      let i = 0;
      const next = () => {
        if (i >= bytes.length) return response.end();
        response.write(bytes.subarray(i, i + 7));
        i += 7;
        setImmediate(next);
      };
      next();
    });
    const answer = streamChatCompletion(request());
    expect((await read(answer.textStream)).join('')).toBe('Über café naïve');
    expect(await answer.usage).toEqual({});
  });

  it('keeps the connection for the next answer', async () => {
    const plain = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'text/event-stream' })
          .end(`data: ${JSON.stringify({ choices: [{ delta: { content: 'ok' } }] })}\n\ndata: [DONE]\n\n`),
      );
    });
    const sockets = new Set<Socket>();
    plain.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const baseURL = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/v1`;
    try {
      for (let i = 0; i < 3; i += 1) expect((await read(streamChatCompletion(request({ baseURL })).textStream)).join('')).toBe('ok');
      expect(sockets.size).toBe(1);
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('retries a 503 and a 429 (after the delay the provider asks for), then answers', async () => {
    let attempts = 0;
    const answerWell = streamingChatHandler(['fine']);
    server.handle(PATH, (sent, response) => {
      attempts += 1;
      if (attempts === 1) return raw('{"error":{"message":"overloaded"}}', 503, { 'content-type': 'application/json' })(sent, response);
      if (attempts === 2) return raw('{"error":{"message":"slow down"}}', 429, { 'content-type': 'application/json', 'retry-after-ms': '5' })(sent, response);
      return answerWell(sent, response);
    });
    expect((await read(streamChatCompletion(request()).textStream)).join('')).toBe('fine');
    expect(attempts).toBe(3);
  });

  it('gives up after two retries with the provider’s status and reason, and does not retry a 400', async () => {
    server.handle(PATH, raw('{"error":{"message":"The server is busy"}}', 500, { 'content-type': 'application/json' }));
    const failed = streamChatCompletion(request());
    await expect(read(failed.textStream)).rejects.toThrow('The chatbot’s AI model provider failed with HTTP 500: The server is busy.');
    await expect(failed.usage).rejects.toBeInstanceOf(UpstreamProviderError);
    expect(server.requests).toHaveLength(3);

    server.requests.length = 0;
    server.handle(PATH, raw('{"error":{"message":"Unknown model llama9"}}', 400, { 'content-type': 'application/json' }));
    const refused = streamChatCompletion(request());
    const error = await read(refused.textStream).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamProviderError);
    expect((error as UpstreamProviderError).providerStatus).toBe(400);
    expect(server.requests).toHaveLength(1);
  });

  it('says a provider it cannot reach could not be reached, without its address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await read(streamChatCompletion(request({ baseURL: `http://127.0.0.1:${port}/v1` })).textStream).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamProviderError);
    expect((error as Error).message).toBe('The chatbot’s AI model provider could not be reached. Please try again later.');
  });

  it('fails as the provider’s failure on an error event or a body that is not JSON, after the text before it', async () => {
    for (const bad of ['data: {"error":{"message":"model crashed"}}\n\n', 'data: <html>oops</html>\n\n']) {
      server.handle(PATH, raw(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Refunds ' } }] })}\n\n${bad}`));
      const answer = streamChatCompletion(request());
      const pieces: string[] = [];
      const error = await (async () => {
        for await (const piece of answer.textStream) pieces.push(piece);
      })().catch((caught: unknown) => caught);
      expect(pieces).toEqual(['Refunds ']);
      expect((error as Error).message).toBe('The chatbot’s AI model provider failed while answering.');
      await expect(answer.usage).rejects.toThrow();
    }
  });

  it('ends quietly when the signal aborts, and usage rejects', async () => {
    server.handle(PATH, streamingChatHandler(Array.from({ length: 30 }, (_, i) => `piece ${i} `)));
    const controller = new AbortController();
    const answer = streamChatCompletion(request({ signal: controller.signal }));
    const pieces: string[] = [];
    for await (const piece of answer.textStream) {
      pieces.push(piece);
      if (pieces.length === 2) controller.abort();
    }
    expect(pieces).toEqual(['piece 0 ', 'piece 1 ']);
    await expect(answer.usage).rejects.toThrow();
  });
});
