import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatbots } from './chatbots';
import { organizations } from './organizations';

/**
 * Per chatbot and UTC hour: what the dashboard charts add up. Written in the same
 * transaction as the messages they count (and rebuilt from them by rebuildChatStats),
 * so a dashboard over a million messages reads hundreds of rows, not a million.
 */
export const chatStatsHourly = pgTable(
  'chat_stats_hourly',
  {
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    conversations: integer('conversations').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    handoffs: integer('handoffs').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    latencyMsSum: doublePrecision('latency_ms_sum').notNull().default(0),
    latencyCount: integer('latency_count').notNull().default(0),
    thumbsUp: integer('thumbs_up').notNull().default(0),
    thumbsDown: integer('thumbs_down').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatbotId, t.hour] }), index('chat_stats_hourly_org_hour_idx').on(t.organizationId, t.hour)],
);

/** Per chatbot, UTC day and question key: how often similar questions were asked (top questions). */
export const questionStatsDaily = pgTable(
  'question_stats_daily',
  {
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    questionKey: text('question_key').notNull(),
    asked: integer('asked').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    /** The latest wording of the question, shown for the group. */
    sample: text('sample').notNull(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatbotId, t.day, t.questionKey] }), index('question_stats_daily_org_day_idx').on(t.organizationId, t.day)],
);

export const ANALYTICS_REPORTS = ['daily', 'conversations', 'top_questions'] as const;
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const EXPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** Report exports (CSV), built by a durable job with progress; the file is kept here so any node can serve it. */
export const analyticsExports = pgTable(
  'analytics_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    scheduleId: uuid('schedule_id').references(() => analyticsExportSchedules.id, { onDelete: 'set null' }),
    report: text('report', { enum: ANALYTICS_REPORTS }).notNull(),
    /** A chatbot's exports go with it (a whole-organization export has none): one left behind would be built for every chatbot. */
    chatbotId: uuid('chatbot_id').references(() => chatbots.id, { onDelete: 'cascade' }),
    /** Inclusive dates in `timezone`. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    fileName: text('file_name').notNull(),
    content: text('content'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    /** Scheduled exports are e-mailed; set once the e-mail is handed to the outbox/SMTP. */
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('analytics_exports_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A finished export's CSV (without the BOM), in parts of about a million characters, in order: the file is written
 * and read a part at a time, so neither building nor downloading holds the whole of it. Exports built before parts
 * existed keep their file in `analytics_exports.content`.
 */
export const analyticsExportParts = pgTable(
  'analytics_export_parts',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => analyticsExports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.part] })],
);

/** Exports that run by themselves (daily, weekly, monthly) and are e-mailed to their recipients. */
export const analyticsExportSchedules = pgTable(
  'analytics_export_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    report: text('report', { enum: ANALYTICS_REPORTS }).notNull(),
    chatbotId: uuid('chatbot_id').references(() => chatbots.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: EXPORT_FREQUENCIES }).notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_export_schedules_due_idx').on(t.nextRunAt)],
);
