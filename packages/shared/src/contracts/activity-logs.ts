import { z } from 'zod';
import { UUID_PATTERN } from '../constants';
import { pageQuerySchema, paginated } from './common';

/** Activity logs. */
export const activityLogSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  adminUserId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;
export const activityLogListSchema = z.object({
  items: z.array(activityLogSchema),
  summary: z.object({ total: z.number().int(), recent24h: z.number().int(), distinctAdmins: z.number().int() }),
});

/** Entries on one page of the activity log. */
export const ACTIVITY_LOG_PAGE_SIZE = 25;
/** The most entries one CSV export holds: past that the filters must narrow it (a date range). */
export const ACTIVITY_EXPORT_MAX_ROWS = 100_000;
/** The actor filter's value for entries written by the system (no admin). */
export const ACTIVITY_SYSTEM_ACTOR = 'system';
/** Entries read from the database at a time while an export streams. */
export const ACTIVITY_EXPORT_BATCH = 1000;
/** The response header that says how many entries an export holds, so the browser can show its progress. */
export const ACTIVITY_EXPORT_TOTAL_HEADER = 'x-total-count';

/** A text filter: trimmed, and an empty value is no filter (a cleared box sends `action=`). */
const textFilter = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

const instant = (label: string) =>
  z
    .union([z.literal(''), z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` })])
    .optional()
    .transform((value) => (value ? value : undefined));

/** Filters of the activity log: who (an admin's user id, or `system`), what, on which resource, and when. */
const activityFilterFields = {
  actor: z
    .string()
    .refine(
      (value) => value === '' || value === ACTIVITY_SYSTEM_ACTOR || UUID_PATTERN.test(value),
      `actor must be an admin's user id or "${ACTIVITY_SYSTEM_ACTOR}"`,
    )
    .optional()
    .transform((value) => (value ? value : undefined)),
  action: textFilter('action', 100),
  resourceType: textFilter('resourceType', 50),
  /** The resource id or its first characters, as the table shows them (the first 8). */
  resourceId: textFilter('resourceId', 100),
  /** From this instant (inclusive). */
  from: instant('from'),
  /** Up to this instant (exclusive). */
  to: instant('to'),
};

const fromBeforeTo = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to);
const fromBeforeToIssue = { message: '"from" must be before "to"', path: ['to'] };

export const activityFilterSchema = z.object(activityFilterFields).refine(fromBeforeTo, fromBeforeToIssue);
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

export const activityLogPageQuerySchema = pageQuerySchema.extend(activityFilterFields).refine(fromBeforeTo, fromBeforeToIssue);

export const activityLogEntrySchema = activityLogSchema.extend({
  /** The acting admin's e-mail (null for the system, or an account since deleted). */
  adminEmail: z.string().nullable(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/** One page of entries matching the filters, newest first, and the three cards for everything the filters match. */
export const activityLogPageSchema = paginated(activityLogEntrySchema).extend({
  summary: z.object({
    /** Entries matching the filters. */
    total: z.number().int(),
    /** Of those, written in the last 24 hours. */
    recent24h: z.number().int(),
    /** Distinct admins among them. */
    distinctAdmins: z.number().int(),
  }),
});
export type ActivityLogPage = z.infer<typeof activityLogPageSchema>;

/** The values the filters can take: what the log holds. */
export const activityFilterOptionsSchema = z.object({
  actions: z.array(z.string()),
  resourceTypes: z.array(z.string()),
  actors: z.array(z.object({ id: z.uuid(), email: z.string().nullable() })),
});
export type ActivityFilterOptions = z.infer<typeof activityFilterOptionsSchema>;
