import { CLIENT_APPLICATION_NAME, CLIENT_VERSION } from '@parley/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createRateCap } from '@/lib/rate-cap';
import { createSseParser } from '@/lib/sse';
import { parseInboxEvent } from '../utils/inbox-event';
import { reconnectDelay } from '../utils/reconnect-backoff';
import { INBOX_QUERY_ROOT } from './get-handoffs';

export const INBOX_EVENTS_PATH = '/api/handoffs/events';
/** A stream that stayed open this long was healthy: the next drop starts the backoff again from the shortest wait. */
const STABLE_STREAM_MS = 10_000;

export type InboxConnection = 'connecting' | 'live' | 'reconnecting' | 'stopped';

type StreamEnd = 'retry' | 'stop';

/** Resolves after `ms`, or sooner when the browser comes back online or the hook is torn down. */
function waitBeforeRetry(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * Keeps the inbox live: listens to GET /api/handoffs/events and refetches the inbox queries when something changed.
 *
 * fetch and a stream reader rather than EventSource: EventSource hides the HTTP status (a lost session would retry
 * forever instead of reaching the sign-in page), retries on its own fixed schedule rather than backing off, and
 * cannot send the client headers every other call carries. The same SSE parser as the chat stream reads the body.
 *
 * Events only say that something changed, so each one just marks the inbox queries stale (at most 10 times a second); after every
 * (re)connection, data fetched before the stream opened is refetched too, as events sent meanwhile were missed.
 * Only the inbox screen opens the stream: one long-lived connection per tab on that screen, not on every page (browsers
 * allow six connections to a host over HTTP/1.1); the nav badge elsewhere relies on the list's 30-second refresh.
 */
export function useInboxEvents({ enabled = true }: { enabled?: boolean } = {}): InboxConnection {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<InboxConnection>('connecting');

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    // Realtime updates are applied at most 10 times a second (lib/rate-cap): a burst of events (a visitor typing
    // fast, many chats at once) becomes one refetch per slot.
    const updates = createRateCap<void>(() => void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_ROOT }));
    const report = (next: InboxConnection) => {
      if (!signal.aborted) setConnection(next);
    };

    async function readStream(): Promise<{ end: StreamEnd; wasStable: boolean }> {
      let response: Response;
      try {
        response = await fetch(INBOX_EVENTS_PATH, {
          credentials: 'same-origin',
          cache: 'no-store',
          signal,
          headers: { Accept: 'text/event-stream', 'x-application-name': CLIENT_APPLICATION_NAME, 'x-client-version': CLIENT_VERSION },
        });
      } catch {
        return { end: 'retry', wasStable: false };
      }
      if (!response.ok || !response.body) {
        // A client error (a lost session: 401) will not get better by retrying. The refetch goes through the api
        // client, which handles the 401 (back to sign-in) like any other call's.
        const isClientError = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
        if (isClientError) {
          updates.push();
          return { end: 'stop', wasStable: false };
        }
        return { end: 'retry', wasStable: false };
      }

      const openedAt = Date.now();
      report('live');
      void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_ROOT, predicate: (query) => query.state.dataUpdatedAt < openedAt });

      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = createSseParser();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          for (const data of done ? parser.flush() : parser.push(value)) {
            if (parseInboxEvent(data)) updates.push();
          }
          if (done) break;
        }
      } catch {
        // The connection dropped (network change, server restart, or our own abort): the loop decides what follows.
      } finally {
        await reader.cancel().catch(() => undefined);
      }
      return { end: 'retry', wasStable: Date.now() - openedAt >= STABLE_STREAM_MS };
    }

    async function run() {
      let attempt = 0;
      while (!signal.aborted) {
        const { end, wasStable } = await readStream();
        if (signal.aborted) return;
        if (end === 'stop') {
          report('stopped');
          return;
        }
        if (wasStable) attempt = 0;
        report('reconnecting');
        await waitBeforeRetry(reconnectDelay(attempt), signal);
        attempt += 1;
      }
    }

    void run();
    return () => {
      controller.abort();
      updates.cancel();
    };
  }, [enabled, queryClient]);

  return enabled ? connection : 'stopped';
}
