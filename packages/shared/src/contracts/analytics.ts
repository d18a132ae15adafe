import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';

/** Customer analytics (the /dashboard home) and report exports. */

export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;

/** A calendar date from 1970 on (before it, PostgreSQL refuses year 0 and Date.UTC reads years 0–99 as 1900–1999). */
const dateSchema = z.iso
  .date({ error: 'Dates must look like 2026-11-23' })
  .refine((date) => date >= '1970-01-01' && date <= '9999-12-31', { error: 'Dates must be from 1970-01-01 on' });

/** An IANA time zone the server knows (Europe/Amsterdam, UTC…). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** A period of whole days (inclusive) in a time zone, optionally one chatbot. */
export const analyticsQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    chatbotId: idSchema.optional(),
    tz: timeZoneSchema.default('UTC'),
  })
  .refine((q) => q.from <= q.to, { message: 'The period must start before it ends', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: `The period can be at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const counts = {
  conversations: z.number().int(),
  questions: z.number().int(),
  answered: z.number().int(),
  declined: z.number().int(),
  handoffs: z.number().int(),
  errors: z.number().int(),
  tokens: z.number().int(),
  thumbsUp: z.number().int(),
  thumbsDown: z.number().int(),
};

export const analyticsTotalsSchema = z.object({
  ...counts,
  /** answered / questions, 0–1; null without questions. */
  answerRate: z.number().nullable(),
  avgLatencyMs: z.number().nullable(),
  /** thumbs up / (up + down), 0–1; null without ratings. */
  satisfaction: z.number().nullable(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const analyticsSummarySchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), tz: z.string(), days: z.number().int() }),
  totals: analyticsTotalsSchema,
  /** The same length of time just before, for change figures. */
  previousTotals: analyticsTotalsSchema,
  /** One entry per day of the period (zeros included), in the time zone. */
  daily: z.array(z.object({ date: z.string(), ...counts })),
  /** Hour of day 0–23 in the time zone, summed over the period. */
  hourly: z.array(z.object({ hour: z.number().int(), conversations: z.number().int(), questions: z.number().int() })),
  chatbots: z.array(
    z.object({
      chatbotId: z.uuid(),
      name: z.string(),
      conversations: z.number().int(),
      questions: z.number().int(),
      answerRate: z.number().nullable(),
      avgLatencyMs: z.number().nullable(),
      tokens: z.number().int(),
      thumbsUp: z.number().int(),
      thumbsDown: z.number().int(),
    }),
  ),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const topQuestionsQuerySchema = z.intersection(analyticsQuerySchema, z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }));
export const topQuestionsSchema = z.object({
  items: z.array(
    z.object({
      /** The latest wording of the group's question. */
      question: z.string(),
      asked: z.number().int(),
      answered: z.number().int(),
      lastAskedAt: z.string(),
    }),
  ),
});
export type TopQuestions = z.infer<typeof topQuestionsSchema>;

/**
 * The chatbots' actions in the period (issue 41 item 4): one row per action of a chatbot, most called first, a page at
 * a time. A call succeeded when it has no error.
 */
export const ACTION_STATS_PAGE_SIZE = 10;
export const actionStatsQuerySchema = z.intersection(
  analyticsQuerySchema,
  pageQuerySchema.extend({ pageSize: z.coerce.number().int().min(1).max(50, 'pageSize must be at most 50').default(ACTION_STATS_PAGE_SIZE) }),
);
export type ActionStatsQuery = z.input<typeof actionStatsQuerySchema>;

export const actionStatSchema = z.object({
  chatbotId: z.uuid(),
  chatbotName: z.string(),
  /** Null once the action was deleted (its calls keep its name). */
  actionId: z.uuid().nullable(),
  actionName: z.string(),
  calls: z.number().int(),
  succeeded: z.number().int(),
  /** succeeded / calls, 0–1. */
  successRate: z.number(),
  avgDurationMs: z.number().int(),
  lastCalledAt: z.string(),
  /** The latest failed call's error in the period, in Parley's words (never a secret or the endpoint's body). */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type ActionStat = z.infer<typeof actionStatSchema>;

export const actionStatsSchema = paginated(actionStatSchema).extend({
  totals: z.object({
    calls: z.number().int(),
    succeeded: z.number().int(),
    /** 0–1; null without calls. */
    successRate: z.number().nullable(),
    avgDurationMs: z.number().int().nullable(),
  }),
});
export type ActionStats = z.infer<typeof actionStatsSchema>;

/** Exports. */
export const ANALYTICS_REPORTS = ['daily', 'conversations', 'top_questions'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];
export const ANALYTICS_REPORT_LABELS: Record<AnalyticsReport, string> = {
  daily: 'Daily summary (one row per day and chatbot)',
  conversations: 'Conversations (every message)',
  top_questions: 'Top questions',
};
export const EXPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ExportFrequency = (typeof EXPORT_FREQUENCIES)[number];

export const createExportBodySchema = z.intersection(analyticsQuerySchema, z.object({ report: z.enum(ANALYTICS_REPORTS) }));
export type CreateExportBody = z.input<typeof createExportBodySchema>;

export const analyticsExportSchema = z.object({
  id: z.uuid(),
  report: z.enum(ANALYTICS_REPORTS),
  chatbotId: z.uuid().nullable(),
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  rowsTotal: z.number().int().nullable(),
  rowsDone: z.number().int(),
  /** 0–100, null until the total is known. */
  percent: z.number().nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  scheduled: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AnalyticsExport = z.infer<typeof analyticsExportSchema>;
export const analyticsExportListSchema = paginated(analyticsExportSchema);
export const exportListQuerySchema = pageQuerySchema;

export const RECIPIENTS_MAX = 10;
export const createScheduleBodySchema = z.object({
  report: z.enum(ANALYTICS_REPORTS),
  frequency: z.enum(EXPORT_FREQUENCIES),
  chatbotId: idSchema.nullable().default(null),
  tz: timeZoneSchema.default('UTC'),
  recipients: z
    .array(z.email({ error: 'Enter valid e-mail addresses' }).max(254))
    .min(1, 'Add at least one recipient')
    .max(RECIPIENTS_MAX, `At most ${RECIPIENTS_MAX} recipients`),
});
export type CreateScheduleBody = z.input<typeof createScheduleBodySchema>;
export const updateScheduleBodySchema = z.object({ isActive: z.boolean() });

export const exportScheduleSchema = z.object({
  id: z.uuid(),
  report: z.enum(ANALYTICS_REPORTS),
  frequency: z.enum(EXPORT_FREQUENCIES),
  chatbotId: z.uuid().nullable(),
  chatbotName: z.string().nullable(),
  tz: z.string(),
  recipients: z.array(z.string()),
  isActive: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportSchedule = z.infer<typeof exportScheduleSchema>;
export const exportScheduleListSchema = z.object({ items: z.array(exportScheduleSchema) });
