import type { Organization, UpdateOrganizationBody } from '@parley/shared/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** PATCH /api/organizations/current: a new name (admins and the owner). */
export function renameOrganization(body: UpdateOrganizationBody): Promise<Organization> {
  return api.patch<Organization>('/api/organizations/current', body);
}

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameOrganization, onSuccess: () => invalidateTeam(queryClient) });
}
