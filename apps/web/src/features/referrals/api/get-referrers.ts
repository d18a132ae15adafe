import type { ReferrerSummary } from '@parley/shared/contracts/referrals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFERRALS_QUERY_KEY } from './get-referral-dashboard';

export interface ReferrerListQuery {
  page: number;
  pageSize: number;
}
export interface ReferrerPage {
  items: ReferrerSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/referrals/referrers: every referrer, most sign-ups first, a page at a time. */
export function getReferrers(query: ReferrerListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ReferrerPage> {
  return api.get<ReferrerPage>('/api/admin/referrals/referrers', { query: { ...query }, signal });
}

export function useReferrers(query: ReferrerListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...REFERRALS_QUERY_KEY, 'referrers', query],
      queryFn: ({ signal }) => getReferrers(query, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
