import type { TokenPackage, TokenPackageList } from '@parley/shared/contracts/token-packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every token-package query key starts with this; a change refreshes them all. */
export const TOKEN_PACKAGES_QUERY_ROOT = ['admin', 'token-packages'] as const;

/** GET /api/admin/token-packages: every package, smallest first. */
export function getTokenPackages({ signal }: { signal?: AbortSignal } = {}): Promise<TokenPackage[]> {
  return api.get<TokenPackageList>('/api/admin/token-packages', { signal }).then((body) => body.items);
}

export function getTokenPackagesQueryOptions() {
  return queryOptions({ queryKey: [...TOKEN_PACKAGES_QUERY_ROOT, 'list'], queryFn: ({ signal }) => getTokenPackages({ signal }) });
}

export function useTokenPackages() {
  return useQuery(getTokenPackagesQueryOptions());
}
