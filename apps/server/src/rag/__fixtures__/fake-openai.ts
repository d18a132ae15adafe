import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> };

type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/**
 * A stand-in for OpenAI's HTTP API on 127.0.0.1 with a free port: tests set
 * a handler per path and read back every request the real SDK sent.
 */
export async function startFakeOpenAI(): Promise<{
  baseURL: string;
  requests: RecordedRequest[];
  handle: (path: string, handler: Handler) => void;
  close: () => Promise<void>;
}> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      requests.push(recorded);
      const handler = handlers.get(recorded.path);
      if (!handler) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `No handler for ${recorded.path}` } }));
        return;
      }
      Promise.resolve(handler(recorded, response)).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    handle: (path, handler) => handlers.set(path, handler),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A deterministic fake embedding: the text's length and character codes spread over `dimensions` values. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  return Array.from({ length: dimensions }, (_, i) => (text.charCodeAt(i % Math.max(1, text.length)) || 0) / 1000 + text.length + i / 10_000);
}

/** Answers POST /v1/embeddings as OpenAI does, each vector `dimensions` long (or the requested `dimensions`). */
export function embeddingsHandler(defaultDimensions: number): Handler {
  return (request, response) => {
    const input = request.body.input as string[];
    const dimensions = typeof request.body.dimensions === 'number' ? request.body.dimensions : defaultDimensions;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text, dimensions) })),
        model: request.body.model,
        usage: { prompt_tokens: input.length * 3, total_tokens: input.length * 3 },
      }),
    );
  };
}

/** Streams `pieces` as OpenAI chat completion chunks (SSE), then a usage chunk and [DONE], pausing between pieces. */
export function streamingChatHandler(pieces: string[], usage = { prompt_tokens: 321, completion_tokens: 12 }): Handler {
  return async (request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1_790_000_000, model: request.body.model };
    const send = (payload: unknown): boolean => response.write(`data: ${JSON.stringify(payload)}\n\n`);
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const piece of pieces) {
      send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({ ...base, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
    response.end('data: [DONE]\n\n');
  };
}
