import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Server-sent events on a hijacked reply: each event is one `data:` line of JSON.
 * Closing the connection aborts `signal`, so the work behind the stream can stop.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, headers: Record<string, string> = {}) {
  reply.hijack();
  const controller = new AbortController();
  request.raw.on('close', () => controller.abort());
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    ...headers,
  });
  return {
    signal: controller.signal,
    send(event: unknown) {
      if (!reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}
