import type { ReferralSettings, ReferralSettingsForm } from '@parley/shared/contracts/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFERRALS_QUERY_KEY } from './get-referral-dashboard';
import { REFERRAL_SETTINGS_QUERY_KEY } from './get-referral-settings';

/** PUT /api/admin/referrals/settings (logged in the activity log). */
export function updateReferralSettings(body: ReferralSettingsForm): Promise<ReferralSettings> {
  return api.put<ReferralSettings>('/api/admin/referrals/settings', body);
}

export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferralSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(REFERRAL_SETTINGS_QUERY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: REFERRALS_QUERY_KEY });
    },
  });
}
