import { REQUEST_DEDUP_WINDOW_MS } from '@parley/shared/constants';

/**
 * Identical GET requests started within 100 ms of each other share one request (spec part 1 §7, §9): a screen whose
 * components ask for the same thing at once (a list and its badge, a prefetch and the query) sends it once.
 *
 * Each caller keeps its own AbortSignal: leaving the page aborts that caller only, and the shared request is
 * cancelled only once every caller has left.
 */

interface Entry {
  startedAt: number;
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
  settled: boolean;
}

export interface RequestDeduper {
  /** Runs `send` for `key`, or joins the request for `key` started less than the window ago. */
  run<T>(key: string, send: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Shares nothing started so far: after a write, a GET must read what the write left, not an answer from before it. */
  forgetAll(): void;
  /** Requests currently shareable (for tests). */
  readonly size: number;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createRequestDeduper({ windowMs = REQUEST_DEDUP_WINDOW_MS, now = () => Date.now() } = {}): RequestDeduper {
  const entries = new Map<string, Entry>();

  const forget = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  function start(key: string, send: (signal: AbortSignal) => Promise<unknown>): Entry {
    const controller = new AbortController();
    const entry: Entry = { startedAt: now(), promise: Promise.resolve(), controller, callers: 0, settled: false };
    entry.promise = send(controller.signal);
    entries.set(key, entry);
    // Kept for the rest of its window once answered (a caller arriving 50 ms later gets the same answer), then dropped.
    const settle = () => {
      entry.settled = true;
      const left = windowMs - (now() - entry.startedAt);
      if (left <= 0) forget(key, entry);
      else setTimeout(() => forget(key, entry), left);
    };
    entry.promise.then(settle, settle);
    return entry;
  }

  function follow<T>(entry: Entry, signal: AbortSignal | undefined): Promise<T> {
    entry.callers += 1;
    const shared = entry.promise as Promise<T>;
    if (!signal) return shared;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        entry.callers -= 1;
        if (entry.callers === 0 && !entry.settled) entry.controller.abort(abortReason(signal));
        reject(abortReason(signal));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      shared.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  return {
    run<T>(key: string, send: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
      const existing = entries.get(key);
      const isShareable = existing && now() - existing.startedAt < windowMs && !existing.controller.signal.aborted;
      return follow<T>(isShareable ? existing : start(key, send), signal);
    },
    forgetAll() {
      // Callers already waiting keep their shared answer; only new callers start afresh.
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
