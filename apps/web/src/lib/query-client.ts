import { ADMIN_QUERY_GC_MS, ADMIN_QUERY_RETRIES, ADMIN_QUERY_STALE_MS } from '@parley/shared/admin-console';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { limitQueryCache } from './query-cache-limit';
import { isRetriesExhausted } from './retry';

const MAX_RETRIES = 2;

/** Every admin console query key starts with this, so that the admin defaults below apply to it. */
export const ADMIN_QUERY_ROOT = 'admin';

/**
 * Client errors (4xx) will not get better by asking again; network and server errors might — unless the api client
 * already retried the call with backoff (lib/retry.ts), in which case asking again would only multiply the waits.
 */
export function shouldRetry(failureCount: number, error: unknown, maxRetries: number = MAX_RETRIES): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (isRetriesExhausted(error)) return false;
  return failureCount < maxRetries;
}

/** Spec part 1 §9 "Admin query client": staleTime 30 s, gcTime 2 min, 1 retry. */
export const adminQueryDefaults = {
  staleTime: ADMIN_QUERY_STALE_MS,
  gcTime: ADMIN_QUERY_GC_MS,
  retry: (failureCount: number, error: unknown) => shouldRetry(failureCount, error, ADMIN_QUERY_RETRIES),
};

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: (failureCount, error) => shouldRetry(failureCount, error), refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  client.setQueryDefaults([ADMIN_QUERY_ROOT], adminQueryDefaults);
  limitQueryCache(client.getQueryCache());
  return client;
}
