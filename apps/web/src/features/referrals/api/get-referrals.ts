import type { ReferralItem, ReferralStatus } from '@parley/shared/contracts/referrals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFERRALS_QUERY_KEY } from './get-referral-dashboard';

export interface ReferralListQuery {
  page: number;
  pageSize: number;
  status: 'all' | ReferralStatus;
}
export interface ReferralPage {
  items: ReferralItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/referrals/list: referred sign-ups, newest first, a page at a time. */
export function getReferrals(query: ReferralListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ReferralPage> {
  return api.get<ReferralPage>('/api/admin/referrals/list', { query: { ...query }, signal });
}

export function useReferrals(query: ReferralListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...REFERRALS_QUERY_KEY, 'list', query],
      queryFn: ({ signal }) => getReferrals(query, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
