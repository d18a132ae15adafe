import type { ReferralDashboard } from '@parley/shared/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const REFERRALS_QUERY_KEY = ['admin', 'referrals'] as const;

/** GET /api/admin/referrals: totals and settings. */
export function getReferralDashboard({ signal }: { signal?: AbortSignal } = {}): Promise<ReferralDashboard> {
  return api.get<ReferralDashboard>('/api/admin/referrals', { signal });
}

export function useReferralDashboard() {
  return useQuery(queryOptions({ queryKey: [...REFERRALS_QUERY_KEY, 'dashboard'], queryFn: ({ signal }) => getReferralDashboard({ signal }) }));
}
