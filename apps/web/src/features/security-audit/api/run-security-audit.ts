import type { SecurityAudit } from '@parley/shared/contracts/security-audit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SECURITY_AUDIT_QUERY_KEY } from './get-security-audit';

/** POST /api/admin/security/audit with the session (spec §7 "security-audit function"). */
export function runSecurityAudit(): Promise<SecurityAudit> {
  return api.post<SecurityAudit>('/api/admin/security/audit');
}

export function useRunSecurityAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSecurityAudit,
    onSuccess: (audit) => {
      queryClient.setQueryData(SECURITY_AUDIT_QUERY_KEY, audit);
      // The security score counts the latest audit's failures.
      return queryClient.invalidateQueries({ queryKey: ['admin', 'security', 'metrics'] });
    },
  });
}
