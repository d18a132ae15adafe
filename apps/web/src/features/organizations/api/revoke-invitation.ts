import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** DELETE /api/organizations/current/invitations/:id: the link stops working. */
export function revokeInvitation(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/organizations/current/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSettled: () => invalidateTeam(queryClient) });
}
