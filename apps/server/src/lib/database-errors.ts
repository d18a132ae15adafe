/**
 * Errors that mean "the database cannot be reached right now" (PostgreSQL restarting, the network
 * dropped, the pool could not get a connection in time) as opposed to a fault in a query. The error
 * handler answers these with 503 and Retry-After, so clients retry instead of seeing a 500.
 */

/** Socket errors from node:net while connecting to or talking with the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATE: class 08 (connection exception), 57P01–57P03 (shutting down, crashed, starting up), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATES = /^(08\w{3}|57P0[123]|53300)$/;

/** Messages node-postgres gives without a code when a connection ends or cannot be had. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
];

/** Seconds a client is told to wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable at the moment. Please try again in a few seconds.';

/** True when `error` (or any error in its `cause` chain — Drizzle wraps driver errors) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    // An outgoing HTTP call that failed (webhooks, n8n, a model server) is not the database.
    if (message === 'fetch failed') return false;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of `error` or of an error in its `cause` chain (Drizzle wraps node-postgres and PGlite errors). */
function sqlStateOf(error: unknown): string | undefined {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 4;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique-constraint violation (23505) from either driver. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/** A foreign-key violation (23503): the row referred to is gone, or a row still refers to the one being removed. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlStateOf(error) === '23503';

/** Said when a unique index stopped a write no service anticipated (two requests creating the same thing at once). */
export const UNIQUE_VIOLATION_MESSAGE = 'This already exists: it was probably created at the same time by another request. Refresh and try again.';

/** Said when a foreign key stopped a write no service anticipated. */
export const FOREIGN_KEY_VIOLATION_MESSAGE = 'Something this change refers to was removed or is still in use. Refresh and try again.';

/**
 * Text PostgreSQL cannot store: the NUL character (U+0000) in a text value (22021) or in a JSON document (22P05).
 * Only a caller's input brings it in, so it is answered as a bad request, not as a fault of the server.
 */
export const isUnstorableText = (error: unknown): boolean => {
  const code = sqlStateOf(error);
  return code === '22021' || code === '22P05';
};

/** Said when a value held the NUL character: no field may hold it, and the change was not made. */
export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain the NUL character (U+0000). Remove it and try again.';
