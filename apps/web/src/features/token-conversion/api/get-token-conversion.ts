import type { TokenConversion } from '@parley/shared/contracts/token-conversion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TOKEN_CONVERSION_QUERY_ROOT = ['admin', 'token-conversion'] as const;

/** GET /api/admin/token-conversion: the rules in force and the two token types. */
export function getTokenConversion({ signal }: { signal?: AbortSignal } = {}): Promise<TokenConversion> {
  return api.get<TokenConversion>('/api/admin/token-conversion', { signal });
}

export function getTokenConversionQueryOptions() {
  return queryOptions({ queryKey: [...TOKEN_CONVERSION_QUERY_ROOT, 'current'], queryFn: ({ signal }) => getTokenConversion({ signal }) });
}

export function useTokenConversion() {
  return useQuery(getTokenConversionQueryOptions());
}
