import type { SecurityAudit } from '@parley/shared/contracts/security-audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SECURITY_AUDIT_QUERY_KEY = ['admin', 'security', 'audit'] as const;

/** GET /api/admin/security/audit: the latest audit run, or null before the first. */
export function getLatestSecurityAudit({ signal }: { signal?: AbortSignal } = {}): Promise<SecurityAudit | null> {
  return api.get<{ audit: SecurityAudit | null }>('/api/admin/security/audit', { signal }).then((body) => body.audit);
}

export function useLatestSecurityAudit() {
  return useQuery(queryOptions({ queryKey: SECURITY_AUDIT_QUERY_KEY, queryFn: ({ signal }) => getLatestSecurityAudit({ signal }) }));
}
