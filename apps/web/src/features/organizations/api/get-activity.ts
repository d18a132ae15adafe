import type { MembershipEventList } from '@parley/shared/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationQueryKeys } from './query-keys';

/** GET /api/organizations/current/activity: the latest membership changes (admins and the owner). */
export function getActivity({ signal }: { signal?: AbortSignal } = {}): Promise<MembershipEventList> {
  return api.get<MembershipEventList>('/api/organizations/current/activity', { signal });
}

export function getActivityQueryOptions(organizationId: string | null) {
  return queryOptions({ queryKey: organizationQueryKeys.activity(organizationId), queryFn: ({ signal }) => getActivity({ signal }) });
}

export function useActivity(organizationId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getActivityQueryOptions(organizationId), enabled: enabled && organizationId !== null });
}
