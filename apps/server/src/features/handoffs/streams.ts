import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from '../../lib/sse';

const HEARTBEAT_MS = 20_000;
/** Streams end after this long; clients reconnect (with `since`), so a node can be drained and no stream lives forever. */
const MAX_STREAM_MS = 30 * 60 * 1000;

export interface SignalStreamOptions {
  topics: string[];
  headers?: Record<string, string>;
  /** Sent first, after the subscriptions are in place (so nothing published meanwhile is lost). */
  initial?: (send: (event: unknown) => void) => Promise<void>;
  /** Turns a realtime signal into the events this client gets (reading the database as needed); `end` closes the stream. */
  onSignal: (signal: unknown, send: (event: unknown) => void, end: () => void) => Promise<void>;
}

/**
 * Long-lived server-sent event streams fed by realtime signals. Work for one stream runs in
 * order (one promise chain), heartbeats keep proxies from closing it, and every open stream
 * is ended when the server closes, so shutdown does not wait for browsers to hang up.
 */
export function createSignalStreams(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  return function stream(request: FastifyRequest, reply: FastifyReply, options: SignalStreamOptions): void {
    const events = openEventStream(request, reply, options.headers);
    const send = (event: unknown) => events.send(event);
    let chain: Promise<void> = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      chain = chain.then(work).catch((error: unknown) => request.log.warn({ err: error }, 'event stream work failed'));
    };
    const unsubscribes = options.topics.map((topic) =>
      app.realtime.subscribe(topic, (signal) => {
        if (!events.isClosed) enqueue(() => options.onSignal(signal, send, end));
      }),
    );
    if (options.initial) enqueue(() => options.initial!(send));
    const heartbeat = setInterval(() => events.ping(), HEARTBEAT_MS);
    const lifetime = setTimeout(() => end(), MAX_STREAM_MS);
    function end() {
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      for (const unsubscribe of unsubscribes) unsubscribe();
      open.delete(end);
      events.end();
    }
    open.add(end);
    events.signal.addEventListener('abort', end);
  };
}
