import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Server-sent events on a hijacked reply: each event is one `data:` line of JSON.
 * Closing the connection aborts `signal`, so the work behind the stream can stop.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
  options: {
    /**
     * Send the headers with the first event instead of at once: for a stream whose first event follows within
     * milliseconds (a chat answer's `meta`), one write to the socket instead of two.
     */
    headersWithFirstEvent?: boolean;
  } = {},
) {
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
  // Headers now, not with the first event: a client waiting for its stream to open should not wait for news.
  if (!options.headersWithFirstEvent) reply.raw.flushHeaders();
  return {
    signal: controller.signal,
    send(event: unknown) {
      if (!reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    /** A comment line: keeps proxies and load balancers from closing an idle stream. */
    ping() {
      if (!reply.raw.writableEnded) reply.raw.write(': ping\n\n');
    },
    get isClosed() {
      return controller.signal.aborted || reply.raw.writableEnded;
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}
