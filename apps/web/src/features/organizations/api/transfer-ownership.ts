import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** POST /api/organizations/current/transfer-ownership: the member becomes owner, the caller an admin. */
export function transferOwnership(userId: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/organizations/current/transfer-ownership', { userId });
}

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferOwnership, onSettled: () => invalidateTeam(queryClient) });
}
