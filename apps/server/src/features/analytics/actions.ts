import type { ActionStats } from '@parley/shared/contracts/analytics';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { chatbotNameInOrganization, isoUtc } from './scope';
import type { AnalyticsPeriod } from './service';
import { periodInstants } from './time-zones';

interface ActionStatRow {
  chatbotId: string;
  chatbotName: string;
  actionId: string | null;
  actionName: string;
  calls: number;
  succeeded: number;
  avgMs: number;
  lastCalledAt: string;
  lastError: string | null;
  lastErrorAt: string | null;
}

interface TotalsRow {
  calls: number;
  succeeded: number;
  avgMs: number | null;
  actions: number;
}

/**
 * The chatbots' action calls in a period (the dashboard's Actions card; decisions/0050-action-call-analytics.md): one row
 * per action of a chatbot, by its name (a deleted action's calls keep it), most called first, a page at a time, with
 * the period's totals. A call succeeded when it has no error; the last error is Parley's sentence, never a secret. The
 * owners' test chats are left out, as from every other figure of the dashboard.
 */
export async function actionStats(db: Db, organizationId: string, query: AnalyticsPeriod & { page: number; pageSize: number }): Promise<ActionStats> {
  if (query.chatbotId) await chatbotNameInOrganization(db, organizationId, query.chatbotId);
  const { start, end } = periodInstants(query);
  const calls = sql`
    SELECT m.* FROM message_action_calls m JOIN chatbots b ON b.id = m.chatbot_id JOIN conversations v ON v.id = m.conversation_id
    WHERE b.organization_id = ${organizationId} AND v.channel <> 'test'
      AND m.created_at >= ${start.toISOString()}::timestamptz AND m.created_at < ${end.toISOString()}::timestamptz
      ${query.chatbotId ? sql`AND m.chatbot_id = ${query.chatbotId}` : sql``}`;

  const [totals] = rowsOf<TotalsRow>(
    await db.execute(sql`
      WITH c AS (${calls})
      SELECT count(*)::int AS "calls", (count(*) FILTER (WHERE error IS NULL))::int AS "succeeded", avg(duration_ms)::float8 AS "avgMs",
             count(DISTINCT (chatbot_id, action_name))::int AS "actions"
      FROM c
    `),
  );
  const rows = rowsOf<ActionStatRow>(
    await db.execute(sql`
      WITH c AS (${calls}),
      g AS (
        SELECT chatbot_id, action_name, count(*)::int AS calls, (count(*) FILTER (WHERE error IS NULL))::int AS succeeded,
               avg(duration_ms)::float8 AS avg_ms, max(created_at) AS last_called_at,
               (array_agg(action_id ORDER BY created_at DESC, id DESC))[1] AS action_id,
               (array_agg(error ORDER BY created_at DESC, id DESC) FILTER (WHERE error IS NOT NULL))[1] AS last_error,
               max(created_at) FILTER (WHERE error IS NOT NULL) AS last_error_at
        FROM c GROUP BY chatbot_id, action_name
      )
      SELECT g.chatbot_id AS "chatbotId", b.name AS "chatbotName", g.action_id AS "actionId", g.action_name AS "actionName",
             g.calls AS "calls", g.succeeded AS "succeeded", g.avg_ms AS "avgMs", ${isoUtc(sql`g.last_called_at`)} AS "lastCalledAt",
             g.last_error AS "lastError", ${isoUtc(sql`g.last_error_at`)} AS "lastErrorAt"
      FROM g JOIN chatbots b ON b.id = g.chatbot_id
      ORDER BY g.calls DESC, g.last_called_at DESC, g.action_name, g.chatbot_id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
    `),
  );

  const totalCalls = Number(totals?.calls ?? 0);
  const totalSucceeded = Number(totals?.succeeded ?? 0);
  return {
    items: rows.map((row) => ({
      chatbotId: row.chatbotId,
      chatbotName: row.chatbotName,
      actionId: row.actionId,
      actionName: row.actionName,
      calls: Number(row.calls),
      succeeded: Number(row.succeeded),
      successRate: Number(row.succeeded) / Number(row.calls),
      avgDurationMs: Math.round(Number(row.avgMs)),
      lastCalledAt: row.lastCalledAt,
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt,
    })),
    total: Number(totals?.actions ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      calls: totalCalls,
      succeeded: totalSucceeded,
      successRate: totalCalls > 0 ? totalSucceeded / totalCalls : null,
      avgDurationMs: totals?.avgMs === null || totals?.avgMs === undefined ? null : Math.round(Number(totals.avgMs)),
    },
  };
}
