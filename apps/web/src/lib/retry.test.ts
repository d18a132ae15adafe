import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-error';
import { backoffDelay, isIdempotentRequest, isRetryableError, RetriesExhaustedError, withRetries } from './retry';

/** A seeded generator (mulberry32), so the jitter draws are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const networkError = () => new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Could not reach the server.' });
/** What a proxy's HTML error page becomes: a 500 with no code of ours. */
const codelessServerError = () => toApiError(500, '<html>Bad gateway</html>', 'Internal Server Error');
const codedServerError = () => toApiError(500, { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' }, 'Internal Server Error');

/** An attempt function that fails with the given errors in turn, then answers 'ok'. */
function failing(...errors: Error[]) {
  const attempt = vi.fn(async () => {
    const next = errors.shift();
    if (next) throw next;
    return 'ok';
  });
  return attempt;
}

describe('backoffDelay', () => {
  it('starts at 400 ms and doubles each try, times the jitter factor', () => {
    const middle = () => 0.5; // factor 1.0
    expect([1, 2, 3].map((retry) => backoffDelay(retry, middle))).toEqual([400, 800, 1600]);
    expect([1, 2, 3].map((retry) => backoffDelay(retry, () => 0))).toEqual([320, 640, 1280]);
    expect([1, 2, 3].map((retry) => backoffDelay(retry, () => 0.999_999))).toEqual([480, 960, 1920]);
  });

  it('keeps every jittered delay within 0.8 to 1.2 of the base for its try', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 1000; i += 1) {
      for (const retry of [1, 2, 3]) {
        const base = 400 * 2 ** (retry - 1);
        const delay = backoffDelay(retry, random);
        expect(delay).toBeGreaterThanOrEqual(base * 0.8);
        expect(delay).toBeLessThanOrEqual(base * 1.2);
      }
    }
  });
});

describe('which failures and calls are retried', () => {
  it('retries no answer at all and a 500 without an error code, nothing else', () => {
    expect(isRetryableError(networkError())).toBe(true);
    expect(isRetryableError(codelessServerError())).toBe(true);
    expect(isRetryableError(codedServerError())).toBe(false);
    expect(isRetryableError(toApiError(503, null, 'Service Unavailable'))).toBe(false);
    expect(isRetryableError(toApiError(404, { code: 'NOT_FOUND', message: 'Chatbot not found.' }, 'Not Found'))).toBe(false);
    expect(isRetryableError(toApiError(400, null, 'Bad Request'))).toBe(false);
    expect(isRetryableError(new TypeError('not an api error'))).toBe(false);
  });

  it('retries GET, PUT and DELETE by default; POST and PATCH only when the caller says the call is idempotent', () => {
    expect(['GET', 'PUT', 'DELETE'].map((m) => isIdempotentRequest(m as 'GET'))).toEqual([true, true, true]);
    expect(isIdempotentRequest('POST')).toBe(false);
    expect(isIdempotentRequest('PATCH')).toBe(false);
    expect(isIdempotentRequest('POST', true)).toBe(true);
    expect(isIdempotentRequest('GET', false)).toBe(false);
  });
});

describe('withRetries (controlled clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 400, 800 and 1600 ms (times the jitter) between tries and returns the first success', async () => {
    const attempt = failing(networkError(), codelessServerError(), networkError());
    const delays: number[] = [];
    const result = withRetries(attempt, { random: () => 0.5, onRetry: ({ delayMs }) => delays.push(delayMs) });

    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(799);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1600);
    expect(attempt).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toBe('ok');
    expect(delays).toEqual([400, 800, 1600]);
  });

  it('uses the jitter drawn for each try: a seeded random gives the same, bounded waits', async () => {
    // The same generator drawn in the same order gives the waits withRetries must use.
    const replay = seededRandom(7);
    const waits = [1, 2, 3].map((retry) => backoffDelay(retry, replay));
    const delays: number[] = [];
    const result = withRetries(failing(networkError(), networkError(), networkError()), {
      random: seededRandom(7),
      onRetry: ({ delayMs }) => delays.push(delayMs),
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    expect(delays).toEqual(waits);
    delays.forEach((delay, i) => {
      expect(delay / (400 * 2 ** i)).toBeGreaterThanOrEqual(0.8);
      expect(delay / (400 * 2 ** i)).toBeLessThanOrEqual(1.2);
    });
  });

  it("gives up after 3 retries (4 tries) with 'Failed after multiple retries', keeping the last status and code", async () => {
    const attempt = vi.fn(async () => {
      throw networkError();
    });
    const result = withRetries(attempt, { random: () => 0.5 });
    const settled = expect(result).rejects.toSatisfy((error: unknown) => {
      expect(error).toBeInstanceOf(RetriesExhaustedError);
      const exhausted = error as RetriesExhaustedError;
      expect(exhausted.message).toBe('Failed after multiple retries');
      expect(exhausted.status).toBe(0);
      expect(exhausted.code).toBe(NETWORK_ERROR_CODE);
      expect(exhausted.attempts).toBe(4);
      expect(exhausted.isNetworkError).toBe(true);
      return true;
    });
    await vi.advanceTimersByTimeAsync(400 + 800 + 1600 - 1);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(4);
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  it('does not retry a 4xx or a 500 that names its error: the caller gets that error at once', async () => {
    for (const error of [toApiError(409, { code: 'CONFLICT', message: 'Already exists.' }, 'Conflict'), codedServerError()]) {
      const attempt = failing(error);
      await expect(withRetries(attempt)).rejects.toBe(error);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops retrying when a retry is answered with a client error', async () => {
    const notFound = toApiError(404, { code: 'NOT_FOUND', message: 'Chatbot not found.' }, 'Not Found');
    const attempt = failing(networkError(), notFound);
    const result = withRetries(attempt, { random: () => 0.5 });
    const settled = expect(result).rejects.toBe(notFound);
    await vi.advanceTimersByTimeAsync(400);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('makes one try and passes the failure through when there are no retries (a POST)', async () => {
    const error = networkError();
    const attempt = failing(error);
    await expect(withRetries(attempt, { retries: 0 })).rejects.toBe(error);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops waiting and sends nothing more when the caller aborts during a wait', async () => {
    const controller = new AbortController();
    const attempt = failing(networkError(), networkError());
    const result = withRetries(attempt, { random: () => 0.5, signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(200);
    controller.abort();
    await settled;
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
