import type { CreateInvitationBody, Invitation } from '@parley/shared/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** POST /api/organizations/current/invitations: e-mails a link that works once, for 7 days. */
export function createInvitation(body: CreateInvitationBody): Promise<Invitation> {
  return api.post<Invitation>('/api/organizations/current/invitations', body);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvitation, onSuccess: () => invalidateTeam(queryClient) });
}
