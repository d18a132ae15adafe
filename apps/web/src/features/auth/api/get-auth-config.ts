import type { AuthConfigResponse } from '@parley/shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getAuthConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AuthConfigResponse> {
  return api.get<AuthConfigResponse>('/api/auth-config', { signal });
}

export function getAuthConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth-config'],
    queryFn: ({ signal }) => getAuthConfig({ signal }),
    staleTime: 5 * 60_000,
    // Without it the page still works (e-mail and password only), so do not keep the user waiting on retries.
    retry: false,
  });
}

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
