import { MESSAGES } from '@parley/shared/messages';
import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';

/** A failed API call: the server's `{ statusCode, code, error, message, requestId }`, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  /** Seconds from the `Retry-After` header of a 429, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: { status: number; code: string; message: string; requestId?: string | undefined; retryAfterSeconds?: number | undefined }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.requestId = options.requestId;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isServerError(): boolean {
    return this.status >= 500;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** Reads `Retry-After` as seconds (it may also be an HTTP date). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The code of an error whose body named none (a proxy's page, a crash before our error handler). */
export function fallbackErrorCode(status: number): string {
  return `HTTP_${status}`;
}

/** Whether the answer carried no error code of its own: the call never reached code that could name its failure. */
export function hasNoErrorCode(error: ApiError): boolean {
  return error.code === fallbackErrorCode(error.status);
}

/**
 * Builds an ApiError from an error body. Better Auth and our own routes both send `code` and `message`;
 * anything else falls back to the HTTP status text.
 */
export function toApiError(status: number, body: unknown, statusText: string, retryAfter?: number): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' && record.code ? record.code : fallbackErrorCode(status);
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : typeof record.error === 'string' && record.error
        ? record.error
        : statusText || MESSAGES.anError;
  const requestId = typeof record.requestId === 'string' ? record.requestId : undefined;
  return new ApiError({ status, code, message, requestId, retryAfterSeconds: retryAfter });
}

/** The text a user may see for any error: the server's message unless it mentions secrets (spec part 1 §5). */
export function getErrorMessage(error: unknown, fallback: string = MESSAGES.genericError): string {
  if (error instanceof Error) return sanitizeErrorMessage(error.message, fallback);
  if (typeof error === 'string') return sanitizeErrorMessage(error, fallback);
  return fallback;
}
