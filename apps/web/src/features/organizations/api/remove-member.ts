import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** DELETE /api/organizations/current/members/:userId. */
export function removeMember(userId: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/organizations/current/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => invalidateTeam(queryClient) });
}
