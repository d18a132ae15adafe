import type { Invitation } from '@parley/shared/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** POST /api/organizations/current/invitations/:id/resend: a new link and a new 7 days; the old link stops working. */
export function resendInvitation(id: string): Promise<Invitation> {
  return api.post<Invitation>(`/api/organizations/current/invitations/${encodeURIComponent(id)}/resend`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSuccess: () => invalidateTeam(queryClient) });
}
