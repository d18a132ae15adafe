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
  // The events written in one tick (a model's deltas that arrived together, an answer's last delta and its `done`)
  // leave as one write to the socket, not one each.
  let corked = false;
  const write = (text: string) => {
    if (reply.raw.writableEnded) return;
    if (!corked) {
      corked = true;
      reply.raw.cork();
      process.nextTick(() => {
        corked = false;
        reply.raw.uncork();
      });
    }
    reply.raw.write(text);
  };
  return {
    signal: controller.signal,
    send(event: unknown) {
      write(`data: ${JSON.stringify(event)}\n\n`);
    },
    /** A comment line: keeps proxies and load balancers from closing an idle stream. */
    ping() {
      write(': ping\n\n');
    },
    get isClosed() {
      return controller.signal.aborted || reply.raw.writableEnded;
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}
