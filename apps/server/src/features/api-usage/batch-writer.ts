import type { FastifyBaseLogger } from 'fastify';

export interface BatchWriter<T> {
  push(row: T): void;
  /** Writes what is buffered now (and waits for a write already under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  close(): Promise<void>;
  readonly pending: number;
}

interface BatchWriterOptions<T> {
  name: string;
  write(rows: T[]): Promise<void>;
  log: FastifyBaseLogger;
  /** Flush when this many rows are waiting. */
  maxRows?: number;
  intervalMs?: number;
  /** Past this many waiting rows (the database is away), the oldest are dropped and the log says so. */
  maxBuffered?: number;
}

/**
 * Rows kept in memory and written in batches (every second or every 500 rows), so the request that produced a
 * row never waits for its insert. A failed write is logged and its rows dropped: this is monitoring data, and
 * retrying a database that is down would only grow the buffer.
 */
export function createBatchWriter<T>({ name, write, log, maxRows = 500, intervalMs = 1000, maxBuffered = 20_000 }: BatchWriterOptions<T>): BatchWriter<T> {
  const buffer: T[] = [];
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  const drain = (): Promise<void> => {
    writing = writing.then(async () => {
      while (buffer.length > 0) {
        const rows = buffer.splice(0, maxRows);
        try {
          await write(rows);
        } catch (error) {
          log.warn({ err: error, rows: rows.length }, `${name}: could not write a batch; dropped`);
        }
      }
    });
    return writing;
  };

  const timer = setInterval(() => {
    if (buffer.length > 0) void drain();
  }, intervalMs);
  timer.unref();

  return {
    push(row) {
      buffer.push(row);
      if (buffer.length > maxBuffered) {
        buffer.splice(0, buffer.length - maxBuffered);
        dropped += 1;
        if (dropped === 1 || dropped % 1000 === 0) log.warn(`${name}: buffer full, oldest rows dropped`);
      }
      if (buffer.length >= maxRows) void drain();
    },
    flush: drain,
    async close() {
      clearInterval(timer);
      await drain();
    },
    get pending() {
      return buffer.length;
    },
  };
}
