import type { MeResponse } from '@parley/shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { currentOrganization } from '@/lib/current-organization';
import { isRetriesExhausted } from '@/lib/retry';

export const ME_QUERY_KEY = ['me'] as const;

/** The signed-in user, or null when there is no session (the server answers 401, also for a deactivated account). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeResponse | null> {
  try {
    const me = await api.get<MeResponse>('/api/me', { signal });
    // Before anything else asks: keep the chosen organization only while the user still belongs to it.
    currentOrganization.reconcile(me.organizations);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Worth one more try: a network error or 5xx the api client has not already retried with backoff. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.isServerError) && !isRetriesExhausted(error);
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 30_000,
    // "Signed in" must follow the server: check again whenever the user comes back to the tab.
    refetchOnWindowFocus: 'always',
    // A 401 is an answer (signed out), not a failure; a network error or 5xx is worth one more try.
    retry: (failureCount, error) => isTransient(error) && failureCount < 1,
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
