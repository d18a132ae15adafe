import type { InvitationPreview } from '@parley/shared/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/invitations/preview: what a link is for (the token travels in the body, not in a URL). Public. */
export function previewInvitation(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<InvitationPreview> {
  return api.post<InvitationPreview>('/api/invitations/preview', { token }, { signal, retry: true });
}

export function getInvitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => previewInvitation(token, { signal }),
    staleTime: 0,
  });
}

export function useInvitationPreview(token: string) {
  return useQuery(getInvitationPreviewQueryOptions(token));
}
