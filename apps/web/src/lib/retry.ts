import { FUNCTION_RETRIES, FUNCTION_RETRY_BASE_MS, FUNCTION_RETRY_JITTER } from '@parley/shared/constants';
import { MESSAGES } from '@parley/shared/messages';
import { ApiError, hasNoErrorCode } from './api-error';

/**
 * Retries of server calls (spec part 1 §7 "Generic function invoker", §9): up to 3 retries with exponential backoff
 * (400 ms, doubled each try, times a jitter factor from 0.8 to 1.2), only when the failure says nothing about the
 * request itself — no answer at all (a network error, status 0) or a 500 without an error code (a proxy's or a
 * crashed process's page, not our error handler, which always names the failure). After the last try the caller gets
 * 'Failed after multiple retries'.
 *
 * Which calls: only requests that are safe to send twice (see isIdempotentRequest). A POST that creates something
 * or spends tokens may have reached the server even when its answer was lost; sending it again could do it twice.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * GET, PUT and DELETE are idempotent by HTTP's definition (RFC 9110 §9.2.2) and Parley's routes keep to it: a PUT
 * sets a whole value, a DELETE of something already gone changes nothing more. POST and PATCH are retried only when
 * the caller says the server treats that call idempotently (`retry: true`); any call can opt out with `retry: false`.
 */
export function isIdempotentRequest(method: HttpMethod, override?: boolean): boolean {
  if (override !== undefined) return override;
  return method === 'GET' || method === 'PUT' || method === 'DELETE';
}

/** A failure worth another try: no answer at all, or a 500 that carried no error code. */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || (error.status === 500 && hasNoErrorCode(error));
}

/** The error after the last retry: the last failure's status and code, the spec's message, the attempts made. */
export class RetriesExhaustedError extends ApiError {
  readonly attempts: number;

  constructor(last: ApiError, attempts: number) {
    super({ status: last.status, code: last.code, message: MESSAGES.failedAfterRetries, requestId: last.requestId });
    this.name = 'RetriesExhaustedError';
    this.attempts = attempts;
    this.cause = last;
  }
}

export function isRetriesExhausted(error: unknown): error is RetriesExhaustedError {
  return error instanceof RetriesExhaustedError;
}

/** The wait before retry number `retry` (1-based): base × 2^(retry−1) × a jitter factor drawn from `random` (0 ≤ r < 1). */
export function backoffDelay(retry: number, random: () => number = Math.random, baseMs: number = FUNCTION_RETRY_BASE_MS): number {
  const factor = FUNCTION_RETRY_JITTER.min + random() * (FUNCTION_RETRY_JITTER.max - FUNCTION_RETRY_JITTER.min);
  return Math.round(baseMs * 2 ** (retry - 1) * factor);
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Resolves after `ms`; rejects at once when `signal` aborts (a page left while waiting sends nothing more). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  retries?: number;
  baseMs?: number;
  /** Injected in tests; Math.random otherwise. */
  random?: () => number;
  signal?: AbortSignal | undefined;
  /** Told before each wait (for the debug log). */
  onRetry?: (info: { retry: number; delayMs: number; error: ApiError }) => void;
}

/** Runs `attempt`, and again after each retryable failure until the retries are used up. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = FUNCTION_RETRIES, baseMs = FUNCTION_RETRY_BASE_MS, random = Math.random, signal, onRetry } = options;
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryableError(error) || signal?.aborted) throw error;
      const failure = error as ApiError;
      if (retry >= retries) throw retries > 0 ? new RetriesExhaustedError(failure, retry + 1) : failure;
      const delayMs = backoffDelay(retry + 1, random, baseMs);
      onRetry?.({ retry: retry + 1, delayMs, error: failure });
      await sleep(delayMs, signal);
    }
  }
}
