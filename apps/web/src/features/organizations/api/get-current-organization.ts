import type { Organization } from '@parley/shared/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationQueryKeys } from './query-keys';

/** GET /api/organizations/current: the organization the dashboard acts in, my role there and its size. */
export function getCurrentOrganization({ signal }: { signal?: AbortSignal } = {}): Promise<Organization> {
  return api.get<Organization>('/api/organizations/current', { signal });
}

export function getCurrentOrganizationQueryOptions(organizationId: string | null) {
  return queryOptions({ queryKey: organizationQueryKeys.current(organizationId), queryFn: ({ signal }) => getCurrentOrganization({ signal }) });
}

export function useCurrentOrganization(organizationId: string | null) {
  return useQuery({ ...getCurrentOrganizationQueryOptions(organizationId), enabled: organizationId !== null });
}
