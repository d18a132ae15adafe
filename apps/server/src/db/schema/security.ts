import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventType: text('event_type').notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_created_at_idx').on(t.createdAt), index('security_events_type_idx').on(t.eventType, t.createdAt)],
);

/**
 * One row per (directive, document, blocked URI); repeats increment violation_count. The three are unique through
 * their hash (report_key): a btree entry holds at most 2,704 bytes, less than the three can be.
 */
export const cspViolations = pgTable(
  'csp_violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    violatedDirective: text('violated_directive').notNull(),
    documentUri: text('document_uri').notNull(),
    blockedUri: text('blocked_uri').notNull(),
    sourceFile: text('source_file'),
    lineNumber: integer('line_number'),
    columnNumber: integer('column_number'),
    disposition: text('disposition'),
    userAgent: text('user_agent'),
    violationCount: integer('violation_count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    reportKey: text('report_key')
      .notNull()
      .generatedAlwaysAs(sql`md5(violated_directive || chr(10) || document_uri || chr(10) || blocked_uri)`),
  },
  (t) => [unique('csp_violations_report_key').on(t.reportKey), index('csp_violations_last_seen_at_idx').on(t.lastSeenAt)],
);
