import type { ChangePasswordBody } from '@parley/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** POST /api/auth/change-password (Better Auth): the server always ends the other sessions. */
export function changePassword(body: Pick<ChangePasswordBody, 'currentPassword' | 'newPassword'>): Promise<unknown> {
  return api.post('/api/auth/change-password', { ...body, revokeOtherSessions: true });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
