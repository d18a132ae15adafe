import { SECURITY_ALERTS_LIST_SIZE, type SecurityAlert } from '@parley/shared/contracts/security-monitoring';
import { count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { securityAlerts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';

type AlertRow = typeof securityAlerts.$inferSelect;

const toAlert = (r: AlertRow): SecurityAlert => ({
  id: r.id,
  kind: r.kind,
  severity: r.severity,
  subject: r.subject,
  title: r.title,
  details: r.details,
  count: r.count,
  firstSeenAt: r.firstSeenAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
  resolvedBy: r.resolvedBy,
  resolutionNotes: r.resolutionNotes,
});

/** The 50 alerts seen most recently (open ones only, or all), and how many are open. */
export async function listSecurityAlerts(db: Db, status: 'open' | 'all') {
  const [rows, [open]] = await Promise.all([
    db
      .select()
      .from(securityAlerts)
      .where(status === 'open' ? isNull(securityAlerts.resolvedAt) : undefined)
      .orderBy(desc(securityAlerts.lastSeenAt))
      .limit(SECURITY_ALERTS_LIST_SIZE),
    db.select({ n: count() }).from(securityAlerts).where(isNull(securityAlerts.resolvedAt)),
  ]);
  return { items: rows.map(toAlert), open: Number(open?.n ?? 0) };
}

/** Resolves an open alert with optional notes; the activity log entry is written in the same transaction. */
export async function resolveSecurityAlert(
  db: Db,
  input: { id: string; notes?: string; actorId: string },
  context: { ipAddress: string; userAgent: string | null },
): Promise<SecurityAlert> {
  return db.transaction(async (tx) => {
    const [alert] = await tx.select().from(securityAlerts).where(eq(securityAlerts.id, input.id)).for('update');
    if (!alert) throw new AppError('NOT_FOUND', 'Alert not found.');
    if (alert.resolvedAt) throw new AppError('CONFLICT', 'This alert is already resolved.');
    const [updated] = await tx
      .update(securityAlerts)
      .set({ resolvedAt: new Date(), resolvedBy: input.actorId, resolutionNotes: input.notes?.trim() || null })
      .where(eq(securityAlerts.id, input.id))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'security_alert_resolved',
        resourceType: 'security_alert',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { kind: alert.kind, subject: alert.subject, notes: input.notes?.trim() || null },
      },
      context,
    );
    return toAlert(updated!);
  });
}
