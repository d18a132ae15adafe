import { AUDIT_CATEGORIES, AUDIT_HEALTHY_SCORE, type AuditCategory, type AuditCheck, type SecurityAudit } from '@parley/shared/contracts/security-audit';

/** Spec §4 "Health status": Healthy at 90 or more, Degraded below. */
export function healthOf(audit: Pick<SecurityAudit, 'score'>): 'Healthy' | 'Degraded' {
  return audit.score >= AUDIT_HEALTHY_SCORE ? 'Healthy' : 'Degraded';
}

export function countByStatus(checks: readonly AuditCheck[]) {
  return {
    pass: checks.filter((c) => c.status === 'pass').length,
    warn: checks.filter((c) => c.status === 'warn').length,
    fail: checks.filter((c) => c.status === 'fail').length,
  };
}

/** The checks by category, in the categories' order, failures first within each. */
export function groupChecks(checks: readonly AuditCheck[]): { category: AuditCategory; checks: AuditCheck[] }[] {
  const rank = { fail: 0, warn: 1, pass: 2 } as const;
  return AUDIT_CATEGORIES.map((category) => ({
    category,
    checks: checks.filter((c) => c.category === category).sort((a, b) => rank[a.status] - rank[b.status]),
  })).filter((group) => group.checks.length > 0);
}
