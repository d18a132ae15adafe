import type { AcceptInvitationResponse } from '@parley/shared/contracts/organizations';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/invitations/accept: joins the organization with the invited role (the signed-in e-mail must match). */
export function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return api.post<AcceptInvitationResponse>('/api/invitations/accept', { token });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
