import {
  SECURITY_LIST_SIZE,
  type ApiUsageResponse,
  type CspViolationItem,
  type SecurityEventItem,
  type SecurityMetricsResponse,
  type SecurityTimeframeHours,
} from '@parley/shared/contracts/security-monitoring';
import { and, count, desc, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminActivityLogs, apiRequests, cspViolationReports, cspViolations, rateLimitHits, securityAlerts, securityEvents } from '../../db/schema/index';
import { latestAuditSummary } from '../security-audit/index';
import { errorRatePercent, securityScore } from './score';

/** The event types that count as failed authentication. */
export const FAILED_AUTH_EVENT_TYPES = ['signin_failed', 'oauth_signin_failed'] as const;
/** Requests of the embeddable widget: the public chat API (CORS preflights excluded). */
export const WIDGET_ROUTE_PREFIX = '/api/public/chatbots/';

const num = (value: unknown) => Number(value ?? 0);
const micros = (value: unknown) => Math.round(num(value)) / 1_000_000;
const windowStart = (hours: number, now: Date) => new Date(now.getTime() - hours * 60 * 60 * 1000);

async function apiTotals(db: Db, since: Date) {
  const [row] = await db
    .select({
      calls: count(),
      errors: sql`count(*) filter (where ${apiRequests.statusCode} >= 400)`.mapWith(Number),
      costMicros: sql`coalesce(sum(${apiRequests.costMicros}), 0)`.mapWith(Number),
      tokens: sql`coalesce(sum(${apiRequests.tokens}), 0)`.mapWith(Number),
      avgMs: sql`coalesce(avg(${apiRequests.durationMs}), 0)`.mapWith(Number),
      widget: sql`count(*) filter (where ${apiRequests.route} like ${`${WIDGET_ROUTE_PREFIX}%`} and ${apiRequests.method} <> 'OPTIONS')`.mapWith(Number),
    })
    .from(apiRequests)
    .where(gte(apiRequests.createdAt, since));
  return {
    calls: num(row?.calls),
    errors: num(row?.errors),
    cost: micros(row?.costMicros),
    tokens: num(row?.tokens),
    avgMs: Math.round(num(row?.avgMs) * 10) / 10,
    widget: num(row?.widget),
  };
}

/** Spec §7 get_security_metrics: every figure over the window, and the score with its penalties. */
export async function securityMetrics(db: Db, hours: SecurityTimeframeHours, now = new Date()): Promise<SecurityMetricsResponse> {
  const since = windowStart(hours, now);
  const failedTypes = sql.join(
    FAILED_AUTH_EVENT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const [api, [events], [limits], [csp], [activity], [alerts], audit] = await Promise.all([
    apiTotals(db, since),
    db
      .select({
        highRisk: sql`count(*) filter (where ${securityEvents.severity} in ('high', 'critical'))`.mapWith(Number),
        failedAuth: sql`count(*) filter (where ${securityEvents.eventType} in (${failedTypes}))`.mapWith(Number),
      })
      .from(securityEvents)
      .where(gte(securityEvents.createdAt, since)),
    db.select({ n: count() }).from(rateLimitHits).where(gte(rateLimitHits.createdAt, since)),
    db.select({ n: count() }).from(cspViolationReports).where(gte(cspViolationReports.createdAt, since)),
    db.select({ n: count() }).from(adminActivityLogs).where(gte(adminActivityLogs.createdAt, since)),
    db.select({ n: count() }).from(securityAlerts).where(isNull(securityAlerts.resolvedAt)),
    latestAuditSummary(db),
  ]);
  const metricsWithoutScore = {
    api_calls_24h: api.calls,
    api_errors_24h: api.errors,
    api_cost_24h: api.cost,
    tokens_used_24h: api.tokens,
    high_risk_events_24h: num(events?.highRisk),
    failed_auth_24h: num(events?.failedAuth),
    rate_limit_hits_24h: num(limits?.n),
    csp_violations_24h: num(csp?.n),
    widget_access_24h: api.widget,
    total_audit_events_24h: num(activity?.n),
  };
  const { score, penalties } = securityScore({
    highRiskEvents: metricsWithoutScore.high_risk_events_24h,
    failedAuth: metricsWithoutScore.failed_auth_24h,
    apiCalls: api.calls,
    apiErrors: api.errors,
    rateLimitHits: metricsWithoutScore.rate_limit_hits_24h,
    cspViolations: metricsWithoutScore.csp_violations_24h,
    audit: audit ? { failed: audit.failed, warnings: audit.warnings } : null,
  });
  return {
    timeframeHours: hours,
    generatedAt: now.toISOString(),
    metrics: { security_score: score, ...metricsWithoutScore },
    penalties,
    openAlerts: num(alerts?.n),
    latestAudit: audit,
  };
}

/** Spec §7 get_api_usage_analytics(timeframe_hours), with the chart's series, busiest routes, limits and callers. */
export async function apiUsageAnalytics(db: Db, hours: SecurityTimeframeHours, now = new Date()): Promise<ApiUsageResponse> {
  const since = windowStart(hours, now);
  const bucketMinutes = hours <= 24 ? 60 : 360;
  const bucketSeconds = bucketMinutes * 60;
  // The bucket size is inlined (a number of ours): a bound parameter would make the GROUP BY differ from the SELECT.
  const bucketExpr = sql`floor(extract(epoch from ${apiRequests.createdAt}) / ${sql.raw(String(bucketSeconds))})`;
  const [api, seriesRows, routeRows, limitRows, [callers]] = await Promise.all([
    apiTotals(db, since),
    db
      .select({
        bucket: bucketExpr.mapWith(Number),
        calls: count(),
        errors: sql`count(*) filter (where ${apiRequests.statusCode} >= 400)`.mapWith(Number),
        rateLimited: sql`count(*) filter (where ${apiRequests.statusCode} = 429)`.mapWith(Number),
      })
      .from(apiRequests)
      .where(gte(apiRequests.createdAt, since))
      .groupBy(bucketExpr),
    db
      .select({
        method: apiRequests.method,
        route: apiRequests.route,
        calls: count(),
        errors: sql`count(*) filter (where ${apiRequests.statusCode} >= 400)`.mapWith(Number),
        avgMs: sql`avg(${apiRequests.durationMs})`.mapWith(Number),
        tokens: sql`coalesce(sum(${apiRequests.tokens}), 0)`.mapWith(Number),
        costMicros: sql`coalesce(sum(${apiRequests.costMicros}), 0)`.mapWith(Number),
      })
      .from(apiRequests)
      .where(gte(apiRequests.createdAt, since))
      .groupBy(apiRequests.method, apiRequests.route)
      .orderBy(desc(count()), apiRequests.route)
      .limit(10),
    db
      .select({ limit: rateLimitHits.bucket, hits: count(), subjects: sql`count(distinct ${rateLimitHits.subject})`.mapWith(Number) })
      .from(rateLimitHits)
      .where(gte(rateLimitHits.createdAt, since))
      .groupBy(rateLimitHits.bucket)
      .orderBy(desc(count()))
      .limit(10),
    db
      .select({
        users: sql`count(distinct ${apiRequests.userId})`.mapWith(Number),
        apiKeys: sql`count(distinct ${apiRequests.apiKeyId})`.mapWith(Number),
        anonymous: sql`count(*) filter (where ${apiRequests.userId} is null and ${apiRequests.apiKeyId} is null)`.mapWith(Number),
      })
      .from(apiRequests)
      .where(gte(apiRequests.createdAt, since)),
  ]);

  const byBucket = new Map(seriesRows.map((row) => [num(row.bucket), row]));
  const first = Math.floor(since.getTime() / 1000 / bucketSeconds);
  const last = Math.floor(now.getTime() / 1000 / bucketSeconds);
  const series = [];
  for (let bucket = first; bucket <= last; bucket += 1) {
    const row = byBucket.get(bucket);
    series.push({
      start: new Date(bucket * bucketSeconds * 1000).toISOString(),
      calls: num(row?.calls),
      errors: num(row?.errors),
      rateLimited: num(row?.rateLimited),
    });
  }
  return {
    timeframeHours: hours,
    bucketMinutes,
    analytics: {
      total_calls: api.calls,
      error_rate: errorRatePercent(api.calls, api.errors),
      total_cost: api.cost,
      total_tokens: api.tokens,
      avg_processing_time_ms: api.avgMs,
    },
    series,
    routes: routeRows.map((row) => ({
      method: row.method,
      route: row.route,
      calls: num(row.calls),
      errors: num(row.errors),
      avgMs: Math.round(num(row.avgMs) * 10) / 10,
      tokens: num(row.tokens),
      cost: micros(row.costMicros),
    })),
    rateLimits: limitRows.map((row) => ({ limit: row.limit, hits: num(row.hits), subjects: num(row.subjects) })),
    callers: { users: num(callers?.users), apiKeys: num(callers?.apiKeys), anonymous: num(callers?.anonymous) },
  };
}

/** The 10 most recent security events of the window. */
export async function recentSecurityEvents(db: Db, hours: SecurityTimeframeHours, now = new Date()): Promise<SecurityEventItem[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(gte(securityEvents.createdAt, windowStart(hours, now)))
    .orderBy(desc(securityEvents.createdAt))
    .limit(SECURITY_LIST_SIZE);
  return rows.map((r) => ({
    id: r.id,
    event_type: r.eventType,
    severity: r.severity,
    ip_address: r.ipAddress,
    email: r.email,
    user_id: r.userId,
    details: r.details,
    created_at: r.createdAt.toISOString(),
  }));
}

/** The 10 CSP violations seen most recently in the window. */
export async function recentCspViolations(db: Db, hours: SecurityTimeframeHours, now = new Date()): Promise<CspViolationItem[]> {
  const rows = await db
    .select()
    .from(cspViolations)
    .where(and(gte(cspViolations.lastSeenAt, windowStart(hours, now))))
    .orderBy(desc(cspViolations.lastSeenAt))
    .limit(SECURITY_LIST_SIZE);
  return rows.map((r) => ({
    id: r.id,
    violated_directive: r.violatedDirective,
    document_uri: r.documentUri,
    blocked_uri: r.blockedUri,
    violation_count: r.violationCount,
    created_at: r.firstSeenAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
  }));
}
