import type { AnalyticsSummary, AnalyticsTotals, TopQuestions } from '@parley/shared/contracts/analytics';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbots } from '../../db/schema/index';
import { rowsOf } from '../../db/raw-sql';
import { assertDatabaseKnowsZone, chatbotNameInOrganization, isoUtc } from './scope';
import { datesBetween, daysInclusive, periodInstants, previousPeriod } from './time-zones';

/** A validated analytics query (the contract's output: tz defaulted). */
export interface AnalyticsPeriod {
  from: string;
  to: string;
  tz: string;
  chatbotId?: string;
}

interface Counts {
  conversations: number;
  questions: number;
  answered: number;
  declined: number;
  handoffs: number;
  errors: number;
  tokens: number;
  thumbsUp: number;
  thumbsDown: number;
}
interface Sums extends Counts {
  latencyMsSum: number;
  latencyCount: number;
}

const ZERO: Sums = {
  conversations: 0,
  questions: 0,
  answered: 0,
  declined: 0,
  handoffs: 0,
  errors: 0,
  tokens: 0,
  thumbsUp: 0,
  thumbsDown: 0,
  latencyMsSum: 0,
  latencyCount: 0,
};

/** The rollup's columns summed; every figure as a plain number (casts keep both drivers alike). */
export const SUMMED_COLUMNS = sql`
  sum(conversations)::int AS "conversations", sum(questions)::int AS "questions", sum(answered)::int AS "answered",
  sum(declined)::int AS "declined", sum(handoffs)::int AS "handoffs", sum(errors)::int AS "errors",
  sum(tokens)::float8 AS "tokens", sum(thumbs_up)::int AS "thumbsUp", sum(thumbs_down)::int AS "thumbsDown",
  sum(latency_ms_sum)::float8 AS "latencyMsSum", sum(latency_count)::int AS "latencyCount"`;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
export const answerRate = (s: Pick<Sums, 'answered' | 'questions'>) => ratio(s.answered, s.questions);
export const avgLatencyMs = (s: Pick<Sums, 'latencyMsSum' | 'latencyCount'>) => (s.latencyCount > 0 ? Math.round(s.latencyMsSum / s.latencyCount) : null);

const counts = (s: Sums): Counts => ({
  conversations: s.conversations,
  questions: s.questions,
  answered: s.answered,
  declined: s.declined,
  handoffs: s.handoffs,
  errors: s.errors,
  tokens: s.tokens,
  thumbsUp: s.thumbsUp,
  thumbsDown: s.thumbsDown,
});

function totals(s: Sums): AnalyticsTotals {
  return {
    ...counts(s),
    answerRate: answerRate(s),
    avgLatencyMs: avgLatencyMs(s),
    satisfaction: ratio(s.thumbsUp, s.thumbsUp + s.thumbsDown),
  };
}

interface SummaryRow extends Sums {
  isCurrent: boolean;
  day: string | null;
  hour: number | null;
  chatbotId: string | null;
  byDay: number;
  byHour: number;
  byChatbot: number;
}

/**
 * The dashboard's figures for a period of whole days in the caller's time zone, read from the
 * hourly rollup in one pass (grouping sets: totals, per day, per hour of day, per chatbot, and
 * the previous period's totals). The rollup's buckets are UTC hours, so in a zone with a
 * half-hour offset (India, parts of Australia) each hour is counted on the day and hour of day
 * in which it starts: the figures are approximated to the hour there.
 */
export async function analyticsSummary(db: Db, organizationId: string, query: AnalyticsPeriod): Promise<AnalyticsSummary> {
  await assertDatabaseKnowsZone(db, query.tz);
  if (query.chatbotId) await chatbotNameInOrganization(db, organizationId, query.chatbotId);
  const current = periodInstants(query);
  const previous = periodInstants({ ...previousPeriod(query), tz: query.tz });
  const local = sql`(s.hour AT TIME ZONE ${query.tz})`;
  const rows = rowsOf<SummaryRow>(
    await db.execute(sql`
      WITH r AS (
        SELECT s.*, s.hour >= ${current.start.toISOString()}::timestamptz AS is_current,
               ${local}::date::text AS day, extract(hour FROM ${local})::int AS hod
        FROM chat_stats_hourly s
        WHERE s.organization_id = ${organizationId}
          AND s.hour >= ${previous.start.toISOString()}::timestamptz AND s.hour < ${current.end.toISOString()}::timestamptz
          ${query.chatbotId ? sql`AND s.chatbot_id = ${query.chatbotId}` : sql``}
      )
      SELECT is_current AS "isCurrent", day, hod AS "hour", chatbot_id AS "chatbotId",
             GROUPING(day) AS "byDay", GROUPING(hod) AS "byHour", GROUPING(chatbot_id) AS "byChatbot", ${SUMMED_COLUMNS}
      FROM r
      GROUP BY GROUPING SETS ((is_current), (is_current, day), (is_current, hod), (is_current, chatbot_id))
      HAVING is_current OR (GROUPING(day) = 1 AND GROUPING(hod) = 1 AND GROUPING(chatbot_id) = 1)
    `),
  );
  // GROUPING() is 1 when the column is *not* part of the row's group.
  const isTotal = (r: SummaryRow) => Number(r.byDay) === 1 && Number(r.byHour) === 1 && Number(r.byChatbot) === 1;
  const currentTotal = rows.find((r) => r.isCurrent && isTotal(r)) ?? ZERO;
  const previousTotal = rows.find((r) => !r.isCurrent && isTotal(r)) ?? ZERO;

  const perDay = new Map(rows.filter((r) => r.isCurrent && Number(r.byDay) === 0).map((r) => [r.day!, r]));
  const perHour = new Map(rows.filter((r) => r.isCurrent && Number(r.byHour) === 0).map((r) => [Number(r.hour), r]));
  const perChatbot = rows.filter((r) => r.isCurrent && Number(r.byChatbot) === 0);

  const names = new Map(
    (await db.select({ id: chatbots.id, name: chatbots.name }).from(chatbots).where(eq(chatbots.organizationId, organizationId))).map((c) => [c.id, c.name]),
  );
  const chatbotRows: (Sums & { chatbotId: string })[] = perChatbot.map((r) => ({ ...r, chatbotId: r.chatbotId! }));
  // A chatbot picked in the filter is listed even without activity.
  if (query.chatbotId && !chatbotRows.some((r) => r.chatbotId === query.chatbotId)) chatbotRows.push({ ...ZERO, chatbotId: query.chatbotId });

  return {
    period: { from: query.from, to: query.to, tz: query.tz, days: daysInclusive(query.from, query.to) },
    totals: totals(currentTotal),
    previousTotals: totals(previousTotal),
    daily: datesBetween(query.from, query.to).map((date) => ({ date, ...counts(perDay.get(date) ?? ZERO) })),
    hourly: Array.from({ length: 24 }, (_, hour) => {
      const row = perHour.get(hour);
      return { hour, conversations: row?.conversations ?? 0, questions: row?.questions ?? 0 };
    }),
    chatbots: chatbotRows
      .map((r) => ({
        chatbotId: r.chatbotId,
        name: names.get(r.chatbotId) ?? 'Deleted chatbot',
        conversations: r.conversations,
        questions: r.questions,
        answerRate: answerRate(r),
        avgLatencyMs: avgLatencyMs(r),
        tokens: r.tokens,
        thumbsUp: r.thumbsUp,
        thumbsDown: r.thumbsDown,
      }))
      .sort((a, b) => b.conversations - a.conversations || b.questions - a.questions || a.name.localeCompare(b.name)),
  };
}

export interface TopQuestionRow {
  question: string;
  asked: number;
  answered: number;
  lastAskedAt: string;
}

/**
 * The questions asked most in the period, similar wordings grouped by their key, each shown
 * with its latest wording. The daily question rollup is kept per UTC day, so this list's days
 * run from 00:00 to 24:00 UTC whatever the caller's time zone.
 */
export async function topQuestionRows(db: Db, organizationId: string, query: AnalyticsPeriod & { limit: number }): Promise<TopQuestionRow[]> {
  const rows = rowsOf<TopQuestionRow>(
    await db.execute(sql`
      SELECT (array_agg(sample ORDER BY last_asked_at DESC))[1] AS "question", sum(asked)::int AS "asked", sum(answered)::int AS "answered",
             ${isoUtc(sql`max(last_asked_at)`)} AS "lastAskedAt"
      FROM question_stats_daily
      WHERE organization_id = ${organizationId} AND day >= ${query.from}::date AND day <= ${query.to}::date
        ${query.chatbotId ? sql`AND chatbot_id = ${query.chatbotId}` : sql``}
      GROUP BY question_key
      ORDER BY sum(asked) DESC, max(last_asked_at) DESC, question_key
      LIMIT ${query.limit}
    `),
  );
  return rows;
}

export async function topQuestions(db: Db, organizationId: string, query: AnalyticsPeriod & { limit: number }): Promise<TopQuestions> {
  if (query.chatbotId) await chatbotNameInOrganization(db, organizationId, query.chatbotId);
  return { items: await topQuestionRows(db, organizationId, query) };
}
