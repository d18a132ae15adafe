import type { DeleteOrganizationBody } from '@parley/shared/contracts/organizations';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** DELETE /api/organizations/current with the typed name: the organization and everything in it (the owner only). */
export function deleteOrganization(body: DeleteOrganizationBody): Promise<{ ok: true }> {
  return request<{ ok: true }>('/api/organizations/current', { method: 'DELETE', body, retry: false });
}

export function useDeleteOrganization() {
  return useMutation({ mutationFn: deleteOrganization });
}
