import { CLIENT_APPLICATION_NAME, CLIENT_VERSION, FUNCTION_RETRIES } from '@parley/shared/constants';
import { ApiError, NETWORK_ERROR_CODE, parseRetryAfter, toApiError } from './api-error';
import { debugLog } from './debug-log';
import { currentOrganization } from './current-organization';
import { createRequestDeduper } from './request-dedup';
import { isIdempotentRequest, withRetries, type HttpMethod } from './retry';
import { createSseParser } from './sse';

type UnauthorizedHandler = (path: string) => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The app registers what a 401 means (sign the user out and go to /auth). Returns an unregister function.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/**
 * Calls whose 401 is an expected answer rather than a lost session: sign-in and the other auth routes, /api/me
 * ("nobody is signed in"), and the calls made while a session is already ending.
 */
const SESSION_ENDPOINTS = ['/api/me', '/api/session/timeout', '/api/security-events/client'];

export function isSessionEndpoint(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return pathname.startsWith('/api/auth/') || SESSION_ENDPOINTS.includes(pathname);
}

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Retry on a network error or a 500 without an error code (lib/retry.ts). Defaults to the method: GET, PUT and
   * DELETE yes; POST and PATCH only when the server treats that call idempotently and the caller says so.
   */
  retry?: boolean;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface SendOptions {
  method: HttpMethod;
  query?: RequestOptions['query'];
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  body?: BodyInit | undefined;
}

/** What one call sends, built once and sent again as is by a retry. */
interface PreparedRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
}

function prepare(path: string, { method, query, headers, body }: Omit<SendOptions, 'signal'>): PreparedRequest {
  return {
    method,
    url: buildUrl(path, query),
    headers: {
      Accept: 'application/json',
      'x-application-name': CLIENT_APPLICATION_NAME,
      'x-client-version': CLIENT_VERSION,
      // The organization the dashboard acts in (lib/current-organization); the server checks membership and role.
      ...currentOrganization.headers(),
      ...headers,
    },
    body,
  };
}

/** Requests slower than this are reported in the debug log's performance category. */
const SLOW_REQUEST_MS = 1000;

/** Debug logging of every API call (lib/debug-log: printed only when switched on in the Debug Control Panel). */
function logResponse(method: string, path: string, status: number, elapsedMs: number): void {
  const ms = Math.round(elapsedMs);
  const line = `${method} ${path} → ${status} in ${ms} ms`;
  debugLog('providers', status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug', line);
  if (ms >= SLOW_REQUEST_MS) debugLog('performance', 'warn', `Slow request: ${line}`);
}

/**
 * The one place the web app talks HTTP. Same origin; the session travels in the cookie. Resolves with the response
 * when it is a success; a network failure or an error status becomes an ApiError (a 401 also runs the handler).
 */
async function perform(path: string, { method, url, headers, body }: PreparedRequest, signal: AbortSignal | undefined): Promise<Response> {
  let response: Response;
  const started = performance.now();
  try {
    response = await fetch(url, { method, credentials: 'same-origin', signal, headers, body });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    debugLog('providers', 'error', `${method} ${path} failed: the server could not be reached`);
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }

  logResponse(method, path, response.status, performance.now() - started);
  if (!response.ok) {
    const payload = await readBody(response);
    const error = toApiError(response.status, payload, response.statusText, parseRetryAfter(response.headers.get('Retry-After')));
    if (response.status === 401 && !isSessionEndpoint(path)) unauthorizedHandler?.(path);
    throw error;
  }
  return response;
}

function send(path: string, options: SendOptions): Promise<Response> {
  return perform(path, prepare(path, options), options.signal);
}

/** Identical GETs within 100 ms share one request (lib/request-dedup.ts). */
const deduper = createRequestDeduper();

/**
 * Two GETs are identical when they would send the same thing: URL, headers, and the cookies this page can see (the
 * session and the chosen organization travel in cookies, so a GET after a switch is a different request).
 */
function dedupKey({ url, headers }: PreparedRequest): string {
  const sortedHeaders = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a = ''], [b = '']) => a.localeCompare(b));
  return JSON.stringify([url, sortedHeaders, typeof document === 'undefined' ? '' : document.cookie]);
}

/**
 * A JSON request answered with JSON. Idempotent calls are retried with backoff on a network error or a 500 without
 * an error code (lib/retry.ts); identical GETs within 100 ms share one request.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal, headers, retry } = options;
  const prepared = prepare(path, {
    method,
    query,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const retries = isIdempotentRequest(method, retry) ? FUNCTION_RETRIES : 0;
  const run = (runSignal: AbortSignal | undefined) =>
    withRetries(async () => readBody(await perform(path, prepared, runSignal)), {
      retries,
      signal: runSignal,
      onRetry: ({ retry: n, delayMs, error }) =>
        debugLog(
          'providers',
          'warn',
          `${method} ${path} failed (${error.status === 0 ? 'no answer' : `HTTP ${error.status}`}); retry ${n} of ${retries} in ${delayMs} ms`,
        ),
    });
  if (method !== 'GET') {
    try {
      return (await run(signal)) as T;
    } finally {
      // A GET started before the write ends may hold what the write changed: the refetch that follows reads anew.
      deduper.forgetAll();
    }
  }
  return (await deduper.run(dedupKey(prepared), run, signal)) as T;
}

/** A multipart/form-data POST (file uploads); the browser writes the boundary into Content-Type itself. */
export async function upload<T>(path: string, form: FormData, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  const response = await send(path, { method: 'POST', query: options.query, signal: options.signal, headers: options.headers, body: form });
  return (await readBody(response)) as T;
}

/**
 * POSTs JSON and yields the JSON data of each server-sent event as it arrives (fetch and a stream reader, since
 * EventSource can only GET). Errors before the stream opens are ApiErrors like any other call's; aborting `signal`
 * ends the stream.
 */
export async function* postEventStream<T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): AsyncGenerator<T> {
  const response = await send(path, {
    method: 'POST',
    query: options.query,
    signal: options.signal,
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', ...options.headers },
    body: JSON.stringify(body),
  });
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const events = done ? parser.flush() : parser.push(value);
      for (const data of events) yield JSON.parse(data) as T;
      if (done) return;
    }
  } finally {
    // Stops the download when the consumer leaves early (a new conversation, an unmounted panel).
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * A GET whose body the caller reads itself as it arrives (a CSV download with a progress bar). Errors before the body
 * are ApiErrors like any other call's; aborting `signal` stops the download. Not retried or de-duplicated.
 */
export function getResponse(path: string, options: Omit<RequestOptions, 'method' | 'body' | 'retry'> = {}): Promise<Response> {
  return send(path, { method: 'GET', query: options.query, signal: options.signal, headers: options.headers });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
  upload,
  stream: postEventStream,
  getResponse,
};
