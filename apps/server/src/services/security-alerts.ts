import type { SecurityAlertKind, SecuritySeverityLevel } from '@parley/shared/contracts/security-monitoring';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminUsers, profiles, rateLimitHits, securityAlerts, securityEvents, userNotifications } from '../db/schema/index';

/**
 * Alert thresholds (decided; docs/security.md "Alerts"). Detection runs when the data is written and counts in
 * the database, so bursts spread over several server processes are seen as one.
 */
export const ALERT_THRESHOLDS = {
  /** Failed sign-ins from one IP, or against one account, within the window. */
  failedSignIns: { count: 10, windowMinutes: 15 },
  /** Refusals of one rate limit (any caller) within the window. */
  rateLimitStorm: { count: 50, windowMinutes: 5 },
  /** A repeat of the same kind and subject within this time updates the alert instead of raising a new one. */
  dedupeMinutes: 60,
} as const;

const FAILED_SIGN_IN_TYPES = ['signin_failed', 'oauth_signin_failed'];
const minutesAgo = (minutes: number, now: Date) => new Date(now.getTime() - minutes * 60_000);

interface AlertInput {
  kind: SecurityAlertKind;
  subject: string;
  severity: SecuritySeverityLevel;
  title: string;
  message: string;
  details: Record<string, unknown>;
}

/**
 * Raises an alert, or counts a repeat of an open one seen within the hour. A new alert notifies every active
 * system admin (the bell); a repeat does not. One advisory lock per kind + subject keeps two processes from
 * raising the same alert twice.
 */
export async function raiseAlert(db: Db, input: AlertInput, now = new Date()): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`security-alert:${input.kind}:${input.subject}`}))`);
    const [open] = await tx
      .select({ id: securityAlerts.id })
      .from(securityAlerts)
      .where(
        and(
          eq(securityAlerts.kind, input.kind),
          eq(securityAlerts.subject, input.subject),
          isNull(securityAlerts.resolvedAt),
          gte(securityAlerts.lastSeenAt, minutesAgo(ALERT_THRESHOLDS.dedupeMinutes, now)),
        ),
      )
      .orderBy(desc(securityAlerts.lastSeenAt))
      .limit(1);
    if (open) {
      await tx
        .update(securityAlerts)
        .set({ count: sql`${securityAlerts.count} + 1`, lastSeenAt: now, details: input.details })
        .where(eq(securityAlerts.id, open.id));
      return { id: open.id, created: false };
    }
    const [created] = await tx
      .insert(securityAlerts)
      .values({
        kind: input.kind,
        subject: input.subject.slice(0, 300),
        severity: input.severity,
        title: input.title.slice(0, 200),
        details: input.details,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .returning({ id: securityAlerts.id });
    const admins = await tx
      .select({ userId: adminUsers.userId })
      .from(adminUsers)
      .innerJoin(profiles, eq(profiles.id, adminUsers.userId))
      .where(and(eq(adminUsers.role, 'system_admin'), eq(adminUsers.isActive, true), eq(profiles.isActive, true)));
    if (admins.length > 0) {
      await tx.insert(userNotifications).values(
        admins.map((admin) => ({
          userId: admin.userId,
          title: input.title.slice(0, 200),
          message: input.message,
          type: input.severity === 'high' || input.severity === 'critical' ? ('urgent' as const) : ('warning' as const),
          link: '/admin/security',
        })),
      );
    }
    return { id: created!.id, created: true };
  });
}

export interface RecordedSecurityEvent {
  eventType: string;
  severity: SecuritySeverityLevel;
  email: string | null;
  ipAddress: string | null;
  userId: string | null;
}

/** Called after each security event is stored: failed sign-in bursts (per IP, per account) and high-risk events. */
export async function evaluateSecurityEvent(db: Db, event: RecordedSecurityEvent, now = new Date()): Promise<void> {
  if (FAILED_SIGN_IN_TYPES.includes(event.eventType)) {
    const { count: threshold, windowMinutes } = ALERT_THRESHOLDS.failedSignIns;
    const since = minutesAgo(windowMinutes, now);
    const recent = and(inArray(securityEvents.eventType, FAILED_SIGN_IN_TYPES), gte(securityEvents.createdAt, since));
    if (event.ipAddress) {
      const [row] = await db
        .select({ n: count() })
        .from(securityEvents)
        .where(and(recent, eq(securityEvents.ipAddress, event.ipAddress)));
      const failures = Number(row?.n ?? 0);
      if (failures >= threshold) {
        await raiseAlert(
          db,
          {
            kind: 'failed_signin_ip',
            subject: event.ipAddress,
            severity: 'high',
            title: `Failed sign-in burst from ${event.ipAddress}`,
            message: `${failures} failed sign-ins from ${event.ipAddress} in the last ${windowMinutes} minutes. Review them in Security Monitoring.`,
            details: { failures, windowMinutes, ipAddress: event.ipAddress },
          },
          now,
        );
      }
    }
    if (event.email) {
      const [row] = await db
        .select({ n: count() })
        .from(securityEvents)
        .where(and(recent, eq(securityEvents.email, event.email)));
      const failures = Number(row?.n ?? 0);
      if (failures >= threshold) {
        await raiseAlert(
          db,
          {
            kind: 'failed_signin_account',
            subject: event.email,
            severity: 'high',
            title: `Failed sign-in burst on ${event.email}`,
            message: `${failures} failed sign-ins on the account ${event.email} in the last ${windowMinutes} minutes. Review them in Security Monitoring.`,
            details: { failures, windowMinutes, email: event.email },
          },
          now,
        );
      }
    }
  }
  if (event.severity === 'high' || event.severity === 'critical') {
    const who = event.email ?? event.ipAddress ?? 'unknown';
    await raiseAlert(
      db,
      {
        kind: 'high_risk_event',
        subject: event.eventType,
        severity: event.severity,
        title: `${event.severity === 'critical' ? 'Critical' : 'High-risk'} security event: ${event.eventType}`,
        message: `A ${event.severity} security event (${event.eventType}) was recorded for ${who}. Review it in Security Monitoring.`,
        details: { eventType: event.eventType, email: event.email, ipAddress: event.ipAddress, userId: event.userId },
      },
      now,
    );
  }
}

/** Called after refusals are written: a limit refused 50 times within 5 minutes is a storm. */
export async function detectRateLimitStorms(db: Db, buckets: string[], now = new Date()): Promise<void> {
  const { count: threshold, windowMinutes } = ALERT_THRESHOLDS.rateLimitStorm;
  const since = minutesAgo(windowMinutes, now);
  for (const bucket of buckets) {
    const [row] = await db
      .select({ n: count(), subjects: sql<number>`count(distinct ${rateLimitHits.subject})` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), gte(rateLimitHits.createdAt, since)));
    const hits = Number(row?.n ?? 0);
    if (hits < threshold) continue;
    const subjects = Number(row?.subjects ?? 0);
    await raiseAlert(
      db,
      {
        kind: 'rate_limit_storm',
        subject: bucket,
        severity: 'high',
        title: `Rate-limit storm on ${bucket}`,
        message: `The ${bucket} limit refused ${hits} requests from ${subjects} caller${subjects === 1 ? '' : 's'} in the last ${windowMinutes} minutes.`,
        details: { hits, subjects, windowMinutes, limit: bucket },
      },
      now,
    );
  }
}
