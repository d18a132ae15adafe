import { EventEmitter } from 'node:events';
import pg from 'pg';
import { loadRedis } from './lazy-require';

/**
 * Fan-out of small events (ids, statuses) to every server process: handoff messages reach
 * the visitor's and the agents' streams whichever node they are connected to. Events
 * carry ids, not content, so every transport's payload limit holds (NOTIFY: 8000 bytes);
 * listeners read what they need from the database.
 */
export interface Realtime {
  readonly transport: 'memory' | 'postgres' | 'redis';
  /** False while the transport is unreachable: events then reach this node's listeners only. */
  readonly connected: boolean;
  publish(topic: string, event: object): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, listener: (event: unknown) => void): () => void;
  close(): Promise<void>;
}

interface Envelope {
  topic: string;
  event: unknown;
}

function localFanOut() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver(envelope: Envelope) {
      emitter.emit(envelope.topic, envelope.event);
    },
    subscribe(topic: string, listener: (event: unknown) => void) {
      emitter.on(topic, listener);
      return () => {
        emitter.off(topic, listener);
      };
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}

function parseEnvelope(payload: string): Envelope | null {
  try {
    const value = JSON.parse(payload) as Envelope;
    return typeof value?.topic === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The embedded database is one process: events stay in it. */
export function createMemoryRealtime(): Realtime {
  const local = localFanOut();
  return {
    transport: 'memory',
    connected: true,
    async publish(topic, event) {
      local.deliver({ topic, event });
    },
    subscribe: local.subscribe,
    async close() {
      local.clear();
    },
  };
}

const PG_CHANNEL = 'parley_realtime';

/**
 * PostgreSQL LISTEN/NOTIFY: one listening connection per process (reconnected with backoff
 * when it drops); NOTIFY goes through the pool. Events sent while a listener is away are
 * missed, so streams resume from the database on reconnect (they carry a `since`).
 */
export function createPostgresRealtime(url: string, options: { onError?: (message: string) => void } = {}): Realtime {
  const local = localFanOut();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', (error) => options.onError?.(`realtime pool: ${error.message}`));
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let ready: Promise<void>;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const envelope = message.payload ? parseEnvelope(message.payload) : null;
      if (envelope) local.deliver(envelope);
    });
    const reconnect = (reason: string) => {
      if (closed || client !== next) return;
      client = null;
      options.onError?.(`realtime listener lost (${reason}); reconnecting`);
      next.end().catch(() => {});
      setTimeout(() => void (ready = connect()), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    next.on('error', (error) => reconnect(error.message));
    next.on('end', () => reconnect('connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      client = next;
      retryMs = 250;
    } catch (error) {
      next.end().catch(() => {});
      if (closed) return;
      options.onError?.(`realtime listener could not connect: ${error instanceof Error ? error.message : String(error)}`);
      setTimeout(() => void (ready = connect()), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    }
  };
  ready = connect();

  return {
    transport: 'postgres',
    get connected() {
      return client !== null;
    },
    async publish(topic, event) {
      await pool.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify({ topic, event })]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await ready.catch(() => {});
      local.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

const REDIS_CHANNEL = 'parley:realtime';

/** Redis pub/sub (REDIS_URL): one subscriber connection per process; ioredis re-subscribes after a reconnect. */
export function createRedisRealtime(url: string, options: { onError?: (message: string) => void } = {}): Realtime {
  const local = localFanOut();
  const { Redis } = loadRedis();
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, enableOfflineQueue: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => options.onError?.(`realtime redis: ${error.message}`));
  subscriber.on('message', (_channel: string, payload: string) => {
    const envelope = parseEnvelope(payload);
    if (envelope) local.deliver(envelope);
  });
  // ioredis subscribes again by itself after a reconnect (autoResubscribe); until the first subscription, and while
  // either connection is down, the node's own listeners are served directly.
  let subscribed = false;
  subscriber
    .subscribe(REDIS_CHANNEL)
    .then(() => (subscribed = true))
    .catch((error: Error) => options.onError?.(`realtime subscribe: ${error.message}`));
  const receiving = () => subscribed && subscriber.status === 'ready';
  return {
    transport: 'redis',
    get connected() {
      return publisher.status === 'ready' && receiving();
    },
    async publish(topic, event) {
      // While Redis is away, this node's listeners still get the event (other nodes miss it until Redis returns).
      if (!receiving()) local.deliver({ topic, event });
      try {
        await publisher.publish(REDIS_CHANNEL, JSON.stringify({ topic, event }));
      } catch (error) {
        options.onError?.(`realtime publish: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    subscribe: local.subscribe,
    async close() {
      local.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** Redis when configured, else PostgreSQL's LISTEN/NOTIFY, else (the embedded database) in process. */
export function createRealtime(options: { redisUrl?: string; postgresUrl?: string; onError?: (message: string) => void }): Realtime {
  if (options.redisUrl) return createRedisRealtime(options.redisUrl, options);
  if (options.postgresUrl) return createPostgresRealtime(options.postgresUrl, options);
  return createMemoryRealtime();
}
