import { z } from 'zod';
import { idSchema } from './common';

/**
 * Security Monitoring (spec part 2 §2 "Security Monitoring", §3 security metrics and API usage analytics, §7, §8, §9).
 * Metric and analytics field names are the spec's, snake_case, and keep "_24h" whatever the window (24 or 168 hours).
 */

/** Spec §9: the two windows. */
export const SECURITY_TIMEFRAMES_HOURS = [24, 168] as const;
export type SecurityTimeframeHours = (typeof SECURITY_TIMEFRAMES_HOURS)[number];
/** Spec §9: security metrics refresh every 30 s. */
export const SECURITY_REFRESH_MS = 30_000;
/** Spec §9: 10 security events and 10 CSP violations. */
export const SECURITY_LIST_SIZE = 10;
/** Spec §9: a security score under 70 shows a low-score alert. */
export const SECURITY_LOW_SCORE = 70;
/** Security alerts listed in the console (newest first). */
export const SECURITY_ALERTS_LIST_SIZE = 50;
export const ALERT_RESOLUTION_NOTES_MAX = 1000;

/** User-facing text; quoted strings are the spec's (§8). */
export const SECURITY_MESSAGES = {
  metricsFailed: 'Failed to load security metrics',
  noEvents: 'No security events recorded',
  noCspViolations: 'No CSP violations recorded',
  auditFailedTitle: 'Audit Failed',
  auditFailed: 'Failed to complete security audit.',
  lowScoreTitle: 'Low security score',
  alertResolved: 'Alert resolved successfully',
  resolveFailed: 'Failed to resolve alert',
} as const;

export const timeframeQuerySchema = z.object({
  timeframeHours: z.coerce
    .number({ error: 'timeframeHours must be 24 or 168' })
    .refine((v): v is SecurityTimeframeHours => (SECURITY_TIMEFRAMES_HOURS as readonly number[]).includes(v), 'timeframeHours must be 24 or 168')
    .default(24),
});

/** Spec §3 "Security metrics". */
export const securityMetricsSchema = z.object({
  security_score: z.number().int(),
  api_calls_24h: z.number().int(),
  api_errors_24h: z.number().int(),
  /** US dollars (estimated; see docs/security.md). */
  api_cost_24h: z.number(),
  tokens_used_24h: z.number().int(),
  high_risk_events_24h: z.number().int(),
  failed_auth_24h: z.number().int(),
  rate_limit_hits_24h: z.number().int(),
  csp_violations_24h: z.number().int(),
  widget_access_24h: z.number().int(),
  total_audit_events_24h: z.number().int(),
});
export type SecurityMetrics = z.infer<typeof securityMetricsSchema>;

export const scorePenaltySchema = z.object({
  key: z.enum(['high_risk_events', 'failed_auth', 'error_rate', 'rate_limit_hits', 'csp_violations', 'audit_checks']),
  label: z.string(),
  points: z.number().int(),
  detail: z.string(),
});
export type ScorePenalty = z.infer<typeof scorePenaltySchema>;

export const securityMetricsResponseSchema = z.object({
  timeframeHours: z.number().int(),
  generatedAt: z.string(),
  metrics: securityMetricsSchema,
  /** How the score was reached: every penalty applied, largest first. */
  penalties: z.array(scorePenaltySchema),
  openAlerts: z.number().int(),
  latestAudit: z.object({ ranAt: z.string(), status: z.enum(['pass', 'warn', 'fail']), failed: z.number().int(), warnings: z.number().int() }).nullable(),
});
export type SecurityMetricsResponse = z.infer<typeof securityMetricsResponseSchema>;

/** Spec §3 "API usage analytics", with what the API Usage tab draws. */
export const apiUsageAnalyticsSchema = z.object({
  total_calls: z.number().int(),
  /** Percent of calls answered with a status of 400 or more, two decimals. */
  error_rate: z.number(),
  total_cost: z.number(),
  total_tokens: z.number().int(),
  avg_processing_time_ms: z.number(),
});
export type ApiUsageAnalytics = z.infer<typeof apiUsageAnalyticsSchema>;

export const apiUsageBucketSchema = z.object({
  start: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  rateLimited: z.number().int(),
});
export const apiUsageRouteSchema = z.object({
  method: z.string(),
  route: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  avgMs: z.number(),
  tokens: z.number().int(),
  cost: z.number(),
});
export const rateLimitBucketSchema = z.object({ limit: z.string(), hits: z.number().int(), subjects: z.number().int() });

export const apiUsageResponseSchema = z.object({
  timeframeHours: z.number().int(),
  bucketMinutes: z.number().int(),
  analytics: apiUsageAnalyticsSchema,
  series: z.array(apiUsageBucketSchema),
  /** The busiest routes (at most 10). */
  routes: z.array(apiUsageRouteSchema),
  /** Refusals per limit (at most 10). */
  rateLimits: z.array(rateLimitBucketSchema),
  callers: z.object({ users: z.number().int(), apiKeys: z.number().int(), anonymous: z.number().int() }),
});
export type ApiUsageResponse = z.infer<typeof apiUsageResponseSchema>;

export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverityLevel = (typeof SECURITY_SEVERITIES)[number];

/** Spec §3 security_events (id, event_type, severity, ip_address, details, created_at), with who. */
export const securityEventItemSchema = z.object({
  id: idSchema,
  event_type: z.string(),
  severity: z.enum(SECURITY_SEVERITIES),
  ip_address: z.string().nullable(),
  email: z.string().nullable(),
  user_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type SecurityEventItem = z.infer<typeof securityEventItemSchema>;
export const securityEventListSchema = z.object({ items: z.array(securityEventItemSchema) });

/** Spec §3 csp_violations (id, violated_directive, document_uri, blocked_uri, violation_count, created_at). */
export const cspViolationItemSchema = z.object({
  id: idSchema,
  violated_directive: z.string(),
  document_uri: z.string(),
  blocked_uri: z.string(),
  violation_count: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type CspViolationItem = z.infer<typeof cspViolationItemSchema>;
export const cspViolationListSchema = z.object({ items: z.array(cspViolationItemSchema) });

export const SECURITY_ALERT_KINDS = ['failed_signin_ip', 'failed_signin_account', 'rate_limit_storm', 'high_risk_event'] as const;
export type SecurityAlertKind = (typeof SECURITY_ALERT_KINDS)[number];

export const securityAlertSchema = z.object({
  id: idSchema,
  kind: z.enum(SECURITY_ALERT_KINDS),
  severity: z.enum(SECURITY_SEVERITIES),
  subject: z.string(),
  title: z.string(),
  details: z.record(z.string(), z.unknown()),
  count: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;
export const securityAlertQuerySchema = z.object({ status: z.enum(['open', 'all']).default('open') });
export const securityAlertListSchema = z.object({ items: z.array(securityAlertSchema), open: z.number().int() });
/** Spec §5: resolve notes are optional. */
export const resolveSecurityAlertBodySchema = z.object({
  notes: z.string().trim().max(ALERT_RESOLUTION_NOTES_MAX, `Notes must be at most ${ALERT_RESOLUTION_NOTES_MAX} characters`).optional(),
});
