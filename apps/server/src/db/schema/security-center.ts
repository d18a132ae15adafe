import { bigserial, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatbots } from './chatbots';
import { cspViolations } from './security';

/**
 * One row per API request (/api/*, /v1/*), written in batches by features/api-usage and kept 30 days.
 * No foreign keys: it is a log, and deleting a user or a key must not wait on it.
 */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    method: text('method').notNull(),
    /** The route pattern (/api/chatbots/:id), never the concrete URL. */
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    userId: uuid('user_id'),
    apiKeyId: uuid('api_key_id'),
    visitorId: text('visitor_id'),
    chatbotId: uuid('chatbot_id'),
    ipAddress: text('ip_address'),
    tokens: integer('tokens').notNull().default(0),
    /** Estimated cost in millionths of a US dollar (features/api-usage/pricing.ts). */
    costMicros: integer('cost_micros').notNull().default(0),
    provider: text('provider'),
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_requests_created_at_idx').on(t.createdAt)],
);

/** Every refusal of a rate limit (one row per refused hit), recorded where the limiter refuses; kept 30 days. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The limit: the key's prefix (signin:ip, chat:bot, csp…). */
    bucket: text('bucket').notNull(),
    /** Who or what hit it: the rest of the key (an IP, an e-mail, a chatbot or key id). */
    subject: text('subject').notNull(),
    limit: integer('limit').notNull(),
    windowSeconds: integer('window_seconds').notNull(),
    route: text('route'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_created_at_idx').on(t.createdAt), index('rate_limit_hits_bucket_idx').on(t.bucket, t.createdAt)],
);

/** One row per CSP report received (csp_violations keeps one row per directive + document + blocked URI). */
export const cspViolationReports = pgTable(
  'csp_violation_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    violationId: uuid('violation_id')
      .notNull()
      .references(() => cspViolations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('csp_violation_reports_created_at_idx').on(t.createdAt)],
);

/** Alerts raised from recorded traffic: one per kind + subject per hour, repeats counted (features/security-alerts). */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['failed_signin_ip', 'failed_signin_account', 'rate_limit_storm', 'high_risk_event'] }).notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    count: integer('count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNotes: text('resolution_notes'),
  },
  (t) => [index('security_alerts_subject_idx').on(t.kind, t.subject, t.lastSeenAt), index('security_alerts_first_seen_idx').on(t.firstSeenAt)],
);

/** Each run of the security audit, with its checks (the dashboard shows the latest; the score reads it). */
export const securityAuditRuns = pgTable(
  'security_audit_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pass', 'warn', 'fail'] }).notNull(),
    score: integer('score').notNull(),
    rlsCoverage: doublePrecision('rls_coverage').notNull(),
    checks: jsonb('checks').$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('security_audit_runs_ran_at_idx').on(t.ranAt)],
);

/** Where a chatbot's widget has been seen: the Origin (or Referer) of its config requests. */
export const widgetEmbeds = pgTable(
  'widget_embeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    requestCount: integer('request_count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('widget_embeds_chatbot_origin_unique').on(t.chatbotId, t.origin)],
);
