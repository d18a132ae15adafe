import type { SecurityAlert } from '@parley/shared/contracts/security-monitoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SECURITY_ALERTS_QUERY_KEY } from './get-security-alerts';

/** POST /api/admin/security/alerts/:id/resolve, with optional notes (spec §5). */
export function resolveSecurityAlert({ id, notes }: { id: string; notes?: string }): Promise<SecurityAlert> {
  return api.post<SecurityAlert>(`/api/admin/security/alerts/${encodeURIComponent(id)}/resolve`, notes ? { notes } : {});
}

export function useResolveSecurityAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSecurityAlert,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SECURITY_ALERTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'security', 'metrics'] }),
      ]),
  });
}
