import type { ReferralSettings } from '@parley/shared/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFERRALS_QUERY_KEY } from './get-referral-dashboard';

export const REFERRAL_SETTINGS_QUERY_KEY = [...REFERRALS_QUERY_KEY, 'settings'] as const;

/** GET /api/admin/referrals/settings. */
export function getReferralSettings({ signal }: { signal?: AbortSignal } = {}): Promise<ReferralSettings> {
  return api.get<ReferralSettings>('/api/admin/referrals/settings', { signal });
}

export function useReferralSettings() {
  return useQuery(queryOptions({ queryKey: REFERRAL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getReferralSettings({ signal }) }));
}
