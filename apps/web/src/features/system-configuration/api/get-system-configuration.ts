import type { SystemConfiguration } from '@parley/shared/contracts/system-configuration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRetriesExhausted } from '@/lib/retry';
import { ApiError } from '@/lib/api-error';

export const SYSTEM_CONFIGURATION_QUERY_KEY = ['admin', 'system-configuration'] as const;

/** GET /api/admin/system-configuration (system_admin; 403 for anyone else, and the screen then shows no configuration). */
export function getSystemConfiguration({ signal }: { signal?: AbortSignal } = {}): Promise<SystemConfiguration> {
  return api.get<SystemConfiguration>('/api/admin/system-configuration', { signal });
}

export function getSystemConfigurationQueryOptions() {
  return queryOptions({
    queryKey: SYSTEM_CONFIGURATION_QUERY_KEY,
    queryFn: ({ signal }) => getSystemConfiguration({ signal }),
    // A denied or expired session is an answer, not a hiccup: show it at once.
    // The api client has already retried transient failures; only retry what it did not.
    retry: (failureCount, error) =>
      failureCount < 2 && !isRetriesExhausted(error) && !(error instanceof ApiError && (error.status === 401 || error.status === 403)),
  });
}

export function useSystemConfiguration() {
  return useQuery(getSystemConfigurationQueryOptions());
}
