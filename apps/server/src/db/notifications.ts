import pg from 'pg';

/** Who hears a NOTIFY channel through `Database.listen`. */
export interface NotificationListener {
  /** The payload of a NOTIFY on the channel (empty when it had none). */
  onNotify(payload: string): void;
  /**
   * Whether notifications are arriving: false when the listening connection dropped (those sent meanwhile are lost),
   * true once LISTEN holds again. Called only on a change, and with true once the first LISTEN holds.
   */
  onListening(isListening: boolean): void;
  /** Why listening failed or stopped (a retry follows). */
  onError?(message: string): void;
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
/**
 * A connection whose peer vanished without closing it (a network partition) raises no error until TCP keep-alive gives
 * up, minutes later, and hears nothing meanwhile: a query every so often tells a live one from a dead one sooner.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one is handed to other queries and may be dropped), reconnected with
 * backoff when it drops, like the realtime listener (lib/realtime.ts), and found dead by a heartbeat when it dies
 * silently. Resolves once the first attempt is done, whether LISTEN held or a retry is scheduled; returns the function
 * that stops listening.
 */
export async function listenOnPostgres(url: string, channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let isStopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let attempt: Promise<void>;

  const retryLater = () => {
    retry = setTimeout(() => (attempt = connect()), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const connect = async (): Promise<void> => {
    if (isStopped) return;
    // Named, so an operator (and a test) can tell this connection in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: `parley listen ${channel}` });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    const lose = (reason: string) => {
      if (client !== next) return;
      client = null;
      clearInterval(heartbeat);
      next.end().catch(() => {});
      if (isStopped) return;
      listener.onListening(false);
      listener.onError?.(`listening on ${channel} stopped (${reason}); reconnecting`);
      retryLater();
    };
    next.on('error', (error) => lose(error.message));
    next.on('end', () => lose('connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      if (isStopped) return;
      listener.onError?.(`could not listen on ${channel}: ${error instanceof Error ? error.message : String(error)}; retrying`);
      retryLater();
      return;
    }
    if (isStopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => lose('no answer to the heartbeat'), HEARTBEAT_TIMEOUT_MS);
      timeout.unref();
      next.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (error: Error) => {
          clearTimeout(timeout);
          lose(error.message);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    listener.onListening(true);
  };

  attempt = connect();
  await attempt;
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    await attempt.catch(() => {});
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/**
 * The channels every pooled connection of a PostgreSQL database LISTENs on as it opens. PostgreSQL hands a session its
 * own notifications just before the COMMIT (or the autocommitted statement) returns, so this process hears of its own
 * writes before they return: what it reads next never predates them, whatever the listening connection's delay.
 *
 * A pooled connection hands on only its own session's notifications. The others' reach it too, but the listening
 * connection (listenOnPostgres) hears every session's, in commit order; a copy from each pooled connection would be
 * heard out of that order (a later change's copy before an earlier one's) and cost a pass over the cache each.
 */
export function pooledNotifications(channels: readonly string[]) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    /** For the pool's onConnect: the LISTEN statements a new connection runs. */
    listenStatements: channels.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; '),
    /** For the pool's connect event: hands a connection's notifications to the listeners of their channel. */
    attach(client: pg.ClientBase) {
      client.on('notification', (message) => {
        if (message.processId !== (client as pg.ClientBase & { processID: number | null }).processID) return;
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
      });
    },
    /** Hears the pooled connections' notifications on `channel` (one of `channels`); returns the function that stops. */
    subscribe(channel: string, listener: (payload: string) => void): () => void {
      if (!channels.includes(channel)) return () => {};
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
