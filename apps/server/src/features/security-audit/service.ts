import type { AuditCheck, AuditStatus, SecurityAudit } from '@parley/shared/contracts/security-audit';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { securityAuditRuns } from '../../db/schema/index';
import { logAdminActivity } from '../../services/activity-log';
import { runAuditChecks, type AuditDeps } from './checks';

type RunRow = typeof securityAuditRuns.$inferSelect;

const toAudit = (r: RunRow): SecurityAudit => ({
  id: r.id,
  ranAt: r.ranAt.toISOString(),
  ranBy: r.ranBy,
  status: r.status,
  score: r.score,
  rls_coverage: r.rlsCoverage,
  checks: r.checks as AuditCheck[],
});

/** Fail if any check fails, warn if any warns; the score counts a pass as 1 and a warning as ½. */
export function summarizeChecks(checks: readonly AuditCheck[]): { status: AuditStatus; score: number } {
  const status: AuditStatus = checks.some((c) => c.status === 'fail') ? 'fail' : checks.some((c) => c.status === 'warn') ? 'warn' : 'pass';
  const points = checks.reduce((total, c) => total + (c.status === 'pass' ? 1 : c.status === 'warn' ? 0.5 : 0), 0);
  return { status, score: checks.length === 0 ? 100 : Math.round((points / checks.length) * 100) };
}

/** Runs every check, stores the run and logs it (same transaction as the stored run). */
export async function runSecurityAudit(
  deps: AuditDeps,
  actor: { id: string | null; context: { ipAddress: string; userAgent: string | null } },
): Promise<SecurityAudit> {
  const { checks, rlsCoverage } = await runAuditChecks(deps);
  const { status, score } = summarizeChecks(checks);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(securityAuditRuns).values({ ranBy: actor.id, status, score, rlsCoverage, checks }).returning();
    await logAdminActivity(
      tx,
      {
        action: 'security_audit_run',
        resourceType: 'security_audit',
        resourceId: row!.id,
        adminUserId: actor.id,
        details: { status, score, rls_coverage: rlsCoverage, failed: checks.filter((c) => c.status === 'fail').map((c) => c.id) },
      },
      actor.context,
    );
    return toAudit(row!);
  });
}

export async function latestSecurityAudit(db: Db): Promise<SecurityAudit | null> {
  const [row] = await db.select().from(securityAuditRuns).orderBy(desc(securityAuditRuns.ranAt)).limit(1);
  return row ? toAudit(row) : null;
}

/** What the security score and the overview need of the latest run. */
export async function latestAuditSummary(db: Db) {
  const audit = await latestSecurityAudit(db);
  if (!audit) return null;
  return {
    ranAt: audit.ranAt,
    status: audit.status,
    failed: audit.checks.filter((c) => c.status === 'fail').length,
    warnings: audit.checks.filter((c) => c.status === 'warn').length,
  };
}
