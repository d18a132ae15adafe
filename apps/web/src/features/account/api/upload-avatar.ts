import type { AccountProfile } from '@parley/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getProfileQueryOptions } from './get-profile';

/** POST /api/account/avatar (multipart "file"). */
export function uploadAvatar(image: Blob): Promise<AccountProfile> {
  const form = new FormData();
  form.append('file', image, image.type === 'image/png' ? 'avatar.png' : 'avatar.webp');
  return api.upload<AccountProfile>('/api/account/avatar', form);
}

/** DELETE /api/account/avatar. */
export function removeAvatar(): Promise<AccountProfile> {
  return api.delete<AccountProfile>('/api/account/avatar');
}

function useAvatarMutation<T>(mutationFn: (input: T) => Promise<AccountProfile>, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
      onChanged?.();
    },
  });
}

export const useUploadAvatar = ({ onChanged }: { onChanged?: () => void } = {}) => useAvatarMutation(uploadAvatar, onChanged);
export const useRemoveAvatar = ({ onChanged }: { onChanged?: () => void } = {}) => useAvatarMutation(() => removeAvatar(), onChanged);
