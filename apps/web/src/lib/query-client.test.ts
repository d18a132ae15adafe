import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ADMIN_QUERY_ROOT, adminQueryDefaults, createQueryClient, shouldRetry } from './query-client';
import { RetriesExhaustedError } from './retry';

const clientError = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'no' });
const serverError = new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'later' });

describe('query retries', () => {
  it('never retries a 4xx answer and retries other failures twice by default', () => {
    expect(shouldRetry(0, clientError)).toBe(false);
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(1, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(false);
  });

  it('does not ask again when the api client already retried the call with backoff', () => {
    const exhausted = new RetriesExhaustedError(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }), 4);
    expect(shouldRetry(0, exhausted)).toBe(false);
    expect(adminQueryDefaults.retry(0, exhausted)).toBe(false);
  });

  it('gives admin queries the spec’s defaults: stale 30 s, kept 2 min, one retry', () => {
    const defaults = createQueryClient().getQueryDefaults([ADMIN_QUERY_ROOT, 'stats']);
    expect(defaults.staleTime).toBe(30_000);
    expect(defaults.gcTime).toBe(120_000);
    expect(adminQueryDefaults.retry(0, serverError)).toBe(true);
    expect(adminQueryDefaults.retry(1, serverError)).toBe(false);
    expect(adminQueryDefaults.retry(0, clientError)).toBe(false);
  });

  it('leaves customer queries on the app defaults', () => {
    expect(createQueryClient().getQueryDefaults(['me']).gcTime).toBeUndefined();
  });
});
