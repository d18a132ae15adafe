import type { MemberList } from '@parley/shared/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationQueryKeys } from './query-keys';

/** GET /api/organizations/current/members: everyone in the organization, the owner first. */
export function getMembers({ signal }: { signal?: AbortSignal } = {}): Promise<MemberList> {
  return api.get<MemberList>('/api/organizations/current/members', { signal });
}

export function getMembersQueryOptions(organizationId: string | null) {
  return queryOptions({ queryKey: organizationQueryKeys.members(organizationId), queryFn: ({ signal }) => getMembers({ signal }) });
}

export function useMembers(organizationId: string | null) {
  return useQuery({ ...getMembersQueryOptions(organizationId), enabled: organizationId !== null });
}
