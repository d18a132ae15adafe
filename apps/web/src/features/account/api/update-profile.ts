import type { AccountProfile, UpdateProfileBody } from '@parley/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getProfileQueryOptions } from './get-profile';

/** PATCH /api/account/profile: first and last name; the server makes the full name of them. */
export function updateProfile(body: UpdateProfileBody): Promise<AccountProfile> {
  return api.patch<AccountProfile>('/api/account/profile', body);
}

export function useUpdateProfile({ onChanged }: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
      onChanged?.();
    },
  });
}
