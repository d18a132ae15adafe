/** A server-sent event stream read over a real connection, for tests of the live streams. */
export interface EventStreamClient<T> {
  status: number;
  events: T[];
  /** Resolves with the first event (already received or coming) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves when the server ends the stream (or the test closes it). */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient<T>> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: T[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) {
              events.push(JSON.parse(data) as T);
              for (const wake of [...waiters]) wake();
            }
          }
        }
      } catch {
        /* closed by the test */
      }
    })();
  }
  return {
    status: response.status,
    events,
    ended,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events).slice(0, 1000)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
