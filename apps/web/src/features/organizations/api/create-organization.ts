import type { CreateOrganizationBody, Organization } from '@parley/shared/contracts/organizations';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/organizations: a new organization with the caller as owner. */
export function createOrganization(body: CreateOrganizationBody): Promise<Organization> {
  return api.post<Organization>('/api/organizations', body);
}

export function useCreateOrganization() {
  return useMutation({ mutationFn: createOrganization });
}
