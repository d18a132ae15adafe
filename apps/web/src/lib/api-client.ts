import { CLIENT_APPLICATION_NAME, CLIENT_VERSION } from '@parley/shared/constants';
import { ApiError, NETWORK_ERROR_CODE, parseRetryAfter, toApiError } from './api-error';

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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
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

/** The one place the web app talks HTTP. Same origin; the session travels in the cookie. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal, headers } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'same-origin',
      signal,
      headers: {
        Accept: 'application/json',
        'x-application-name': CLIENT_APPLICATION_NAME,
        'x-client-version': CLIENT_VERSION,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response.status, payload, response.statusText, parseRetryAfter(response.headers.get('Retry-After')));
    if (response.status === 401 && !isSessionEndpoint(path)) unauthorizedHandler?.(path);
    throw error;
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
