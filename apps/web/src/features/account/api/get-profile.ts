import type { AccountProfile } from '@parley/shared/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of the account feature starts with this. */
export const ACCOUNT_QUERY_ROOT = ['account'] as const;

/** GET /api/account/profile: names, e-mail, avatar and whether a password exists. */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<AccountProfile> {
  return api.get<AccountProfile>('/api/account/profile', { signal });
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: [...ACCOUNT_QUERY_ROOT, 'profile'], queryFn: ({ signal }) => getProfile({ signal }) });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
