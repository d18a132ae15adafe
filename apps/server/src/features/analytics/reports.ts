import type { AnalyticsReport } from '@parley/shared/contracts/analytics';
import { markdownToPlainText } from '@parley/shared/markdown/plain-text';
import { and, asc, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbots, conversations, messages } from '../../db/schema/index';
import type { CsvValue } from './csv';
import { rowsOf } from '../../db/raw-sql';
import { answerRate, avgLatencyMs, SUMMED_COLUMNS, topQuestionRows } from './service';
import { periodInstants } from './time-zones';

/** Rows per progress step of an export. */
export const EXPORT_BATCH_ROWS = 2000;
export const TOP_QUESTIONS_EXPORT_LIMIT = 1000;

export interface ReportRequest {
  organizationId: string;
  report: AnalyticsReport;
  chatbotId: string | null;
  from: string;
  to: string;
  tz: string;
}

/** A report as an export builds it: its header, how many rows it will have, then the rows in batches. */
export interface ReportSource {
  header: readonly string[];
  count(): Promise<number>;
  batches(): AsyncGenerator<CsvValue[][]>;
}

export function reportSource(db: Db, request: ReportRequest): ReportSource {
  if (request.report === 'daily') return dailyReport(db, request);
  if (request.report === 'top_questions') return topQuestionsReport(db, request);
  return conversationsReport(db, request);
}

/** A small report read at once and handed out in batches like the large ones. */
function inMemoryReport(header: readonly string[], load: () => Promise<CsvValue[][]>): ReportSource {
  let rows: CsvValue[][] | undefined;
  const loaded = async () => (rows ??= await load());
  return {
    header,
    count: async () => (await loaded()).length,
    async *batches() {
      const all = await loaded();
      for (let i = 0; i < all.length; i += EXPORT_BATCH_ROWS) yield all.slice(i, i + EXPORT_BATCH_ROWS);
    },
  };
}

const round4 = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);

/** One row per day (in the export's time zone) and chatbot with activity, from the hourly rollup. */
function dailyReport(db: Db, request: ReportRequest): ReportSource {
  const header = [
    'date',
    'chatbot',
    'conversations',
    'questions',
    'answered',
    'declined',
    'handed_off',
    'errors',
    'answer_rate',
    'avg_latency_ms',
    'tokens',
    'thumbs_up',
    'thumbs_down',
  ];
  return inMemoryReport(header, async () => {
    const { start, end } = periodInstants(request);
    const rows = rowsOf<{
      date: string;
      chatbot: string | null;
      conversations: number;
      questions: number;
      answered: number;
      declined: number;
      handoffs: number;
      errors: number;
      tokens: number;
      thumbsUp: number;
      thumbsDown: number;
      latencyMsSum: number;
      latencyCount: number;
    }>(
      await db.execute(sql`
        SELECT (s.hour AT TIME ZONE ${request.tz})::date::text AS "date", b.name AS "chatbot", ${SUMMED_COLUMNS}
        FROM chat_stats_hourly s
        LEFT JOIN chatbots b ON b.id = s.chatbot_id
        WHERE s.organization_id = ${request.organizationId}
          AND s.hour >= ${start.toISOString()}::timestamptz AND s.hour < ${end.toISOString()}::timestamptz
          ${request.chatbotId ? sql`AND s.chatbot_id = ${request.chatbotId}` : sql``}
        GROUP BY 1, s.chatbot_id, b.name
        HAVING sum(conversations) + sum(questions) + sum(handoffs) + sum(tokens) + sum(thumbs_up) + sum(thumbs_down) > 0
        ORDER BY 1, b.name, s.chatbot_id
      `),
    );
    return rows.map((r) => [
      r.date,
      r.chatbot ?? 'Deleted chatbot',
      r.conversations,
      r.questions,
      r.answered,
      r.declined,
      r.handoffs,
      r.errors,
      round4(answerRate(r)),
      avgLatencyMs(r),
      r.tokens,
      r.thumbsUp,
      r.thumbsDown,
    ]);
  });
}

/** The top questions of the period (UTC days, like the dashboard's list), up to 1,000. */
function topQuestionsReport(db: Db, request: ReportRequest): ReportSource {
  return inMemoryReport(['question', 'asked', 'answered', 'last_asked_at'], async () => {
    const rows = await topQuestionRows(db, request.organizationId, {
      from: request.from,
      to: request.to,
      tz: request.tz,
      chatbotId: request.chatbotId ?? undefined,
      limit: TOP_QUESTIONS_EXPORT_LIMIT,
    });
    return rows.map((r) => [r.question, r.asked, r.answered, r.lastAskedAt]);
  });
}

/**
 * Every message of the period outside the test chat, conversation by conversation (oldest
 * conversation first), each in time order. First the conversations with their number of
 * messages in the period (that is the total), then their messages a batch of conversations
 * at a time, so a batch is about EXPORT_BATCH_ROWS rows and no query sorts the whole period.
 *
 * Conversations are found through their `last_message_at` (indexed with the chatbot): a
 * message is never newer than its conversation's last message.
 */
function conversationsReport(db: Db, request: ReportRequest): ReportSource {
  const { start, end } = periodInstants(request);
  let plan: { id: string; n: number }[] | undefined;
  const loadPlan = async () =>
    (plan ??= await db
      .select({ id: conversations.id, n: count() })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .where(
        and(
          eq(conversations.organizationId, request.organizationId),
          request.chatbotId ? eq(conversations.chatbotId, request.chatbotId) : undefined,
          ne(conversations.channel, 'test'),
          lt(conversations.startedAt, end),
          gte(conversations.lastMessageAt, start),
          gte(messages.createdAt, start),
          lt(messages.createdAt, end),
        ),
      )
      .groupBy(conversations.id, conversations.startedAt)
      .orderBy(asc(conversations.startedAt), asc(conversations.id)));

  return {
    header: ['conversation_id', 'chatbot', 'channel', 'conversation_started_at', 'message_at', 'role', 'content', 'outcome', 'rating', 'latency_ms', 'tokens'],
    count: async () => (await loadPlan()).reduce((sum, c) => sum + Number(c.n), 0),
    async *batches() {
      const all = await loadPlan();
      let i = 0;
      while (i < all.length) {
        const ids: string[] = [];
        let rows = 0;
        while (i < all.length && (ids.length === 0 || rows + Number(all[i]!.n) <= EXPORT_BATCH_ROWS)) {
          ids.push(all[i]!.id);
          rows += Number(all[i]!.n);
          i += 1;
        }
        const found = await db
          .select({
            conversationId: messages.conversationId,
            chatbot: chatbots.name,
            channel: conversations.channel,
            startedAt: conversations.startedAt,
            createdAt: messages.createdAt,
            role: messages.role,
            content: messages.content,
            outcome: messages.outcome,
            rating: messages.rating,
            latencyMs: messages.latencyMs,
            tokens: messages.tokens,
          })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .innerJoin(chatbots, eq(chatbots.id, conversations.chatbotId))
          .where(and(inArray(messages.conversationId, ids), gte(messages.createdAt, start), lt(messages.createdAt, end)))
          .orderBy(asc(conversations.startedAt), asc(conversations.id), asc(messages.createdAt), asc(messages.id));
        yield found.map((m) => [
          m.conversationId,
          m.chatbot,
          m.channel,
          m.startedAt.toISOString(),
          m.createdAt.toISOString(),
          m.role,
          // Answers are markdown; a spreadsheet shows their words without the markup.
          m.role === 'assistant' ? markdownToPlainText(m.content) : m.content,
          m.outcome,
          m.rating,
          m.latencyMs === null ? null : Math.round(m.latencyMs),
          m.tokens,
        ]);
      }
    },
  };
}
