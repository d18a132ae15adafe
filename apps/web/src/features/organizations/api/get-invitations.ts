import type { InvitationList } from '@parley/shared/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationQueryKeys } from './query-keys';

/** GET /api/organizations/current/invitations: pending invitations (expired ones too), admins and the owner only. */
export function getInvitations({ signal }: { signal?: AbortSignal } = {}): Promise<InvitationList> {
  return api.get<InvitationList>('/api/organizations/current/invitations', { signal });
}

export function getInvitationsQueryOptions(organizationId: string | null) {
  return queryOptions({ queryKey: organizationQueryKeys.invitations(organizationId), queryFn: ({ signal }) => getInvitations({ signal }) });
}

export function useInvitations(organizationId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvitationsQueryOptions(organizationId), enabled: enabled && organizationId !== null });
}
