import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/organizations/current/leave (anyone but the owner). */
export function leaveOrganization(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/organizations/current/leave');
}

export function useLeaveOrganization() {
  return useMutation({ mutationFn: leaveOrganization });
}
