import type { ManagedUser } from '@parley/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USERS_QUERY_ROOT } from './get-users';

export type UserStatusAction = 'deactivate' | 'reactivate';

/**
 * POST /api/admin/users/:id/deactivate or /reactivate. Deactivation also ends every session of that user on the
 * server; the server refuses it on oneself.
 */
export function setUserActive({ id, action }: { id: string; action: UserStatusAction }): Promise<ManagedUser> {
  return api.post<ManagedUser>(`/api/admin/users/${encodeURIComponent(id)}/${action}`, {});
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    // List, counts and details all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT }),
  });
}
