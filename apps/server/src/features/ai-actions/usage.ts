import type { ActionCallFigures, ActionUsage } from '@parley/shared/contracts/ai-actions';
import { CHATBOT_ACTION_KINDS, type ChatbotActionKind } from '@parley/shared/contracts/chatbot-actions';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';

const DAY_MS = 86_400_000;

/** The last `days` UTC days, today included: [the first day 00:00, tomorrow 00:00). */
export function usagePeriod(days: number, now: Date = new Date()): { from: string; to: string; start: Date; end: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start.getTime()), to: day(today), start, end: new Date(today + DAY_MS) };
}

/** One group's sums as the query returns them (GROUPING() is 1 for a column that is not part of the row's group). */
interface FigureRow {
  day: string | null;
  kind: ChatbotActionKind | null;
  templateId: string | null;
  isDeleted: boolean | null;
  byDay: number;
  byKind: number;
  bySource: number;
  calls: number;
  succeeded: number;
  avgMs: number | null;
  p95Ms: number | null;
  chatbots: number;
}

const EMPTY: ActionCallFigures = { calls: 0, succeeded: 0, failed: 0, successRate: null, avgDurationMs: null, p95DurationMs: null };

function figures(row: FigureRow | undefined): ActionCallFigures {
  if (!row || Number(row.calls) === 0) return EMPTY;
  const calls = Number(row.calls);
  const succeeded = Number(row.succeeded);
  return {
    calls,
    succeeded,
    failed: calls - succeeded,
    successRate: succeeded / calls,
    avgDurationMs: row.avgMs === null ? null : Math.round(Number(row.avgMs)),
    p95DurationMs: row.p95Ms === null ? null : Math.round(Number(row.p95Ms)),
  };
}

/**
 * How every organization's chatbots used their actions over the last `days` UTC days (the Custom Actions screen's
 * Analytics tab; decisions/0050-action-call-analytics.md), from the calls recorded with the turns
 * (`message_action_calls`) and the actions they were made by (`chatbot_actions`): totals, per day, per kind and per
 * catalogue template, in one pass with grouping sets. A call succeeded when it has no error. A call's kind and template
 * are its action's as they are now (its kind is the one kept with the call, where it was: migration 0037); a deleted action's calls keep their name and kind. Calls in owners' test chats are left
 * out, as from every analytics figure.
 */
export async function actionUsage(db: Db, input: { days: number; now?: Date }): Promise<ActionUsage> {
  const period = usagePeriod(input.days, input.now);
  const rows = rowsOf<FigureRow>(
    await db.execute(sql`
      WITH c AS (
        SELECT m.duration_ms, m.error IS NULL AS ok, m.chatbot_id, (m.created_at AT TIME ZONE 'UTC')::date::text AS day,
               coalesce(m.action_kind, a.kind) AS kind, a.template_id, a.id IS NULL AS is_deleted
        FROM message_action_calls m
        JOIN conversations v ON v.id = m.conversation_id
        LEFT JOIN chatbot_actions a ON a.id = m.action_id
        WHERE m.created_at >= ${period.start.toISOString()}::timestamptz AND m.created_at < ${period.end.toISOString()}::timestamptz
          AND v.channel <> 'test'
      )
      SELECT day, kind, template_id AS "templateId", is_deleted AS "isDeleted",
             GROUPING(day) AS "byDay", GROUPING(kind) AS "byKind", GROUPING(is_deleted, template_id) AS "bySource",
             count(*)::int AS "calls", (count(*) FILTER (WHERE ok))::int AS "succeeded",
             avg(duration_ms)::float8 AS "avgMs", percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms)::float8 AS "p95Ms",
             count(DISTINCT chatbot_id)::int AS "chatbots"
      FROM c
      GROUP BY GROUPING SETS ((), (day), (kind), (is_deleted, template_id))
    `),
  );
  const isTotal = (r: FigureRow) => Number(r.byDay) === 1 && Number(r.byKind) === 1 && Number(r.bySource) !== 0;
  const total = rows.find(isTotal);
  const perDay = new Map(rows.filter((r) => Number(r.byDay) === 0).map((r) => [r.day!, r]));
  const perKind = rows.filter((r) => Number(r.byKind) === 0);
  const perSource = rows.filter((r) => Number(r.bySource) === 0);

  // What the actions are now: how many were made from each template, and on how many chatbots.
  const held = rowsOf<{ templateId: string | null; actions: number; chatbots: number }>(
    await db.execute(sql`
      SELECT template_id AS "templateId", count(*)::int AS "actions", count(DISTINCT chatbot_id)::int AS "chatbots"
      FROM chatbot_actions GROUP BY template_id
    `),
  );
  const [withActions] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(DISTINCT chatbot_id)::int AS "n" FROM chatbot_actions`));
  // The catalogue is bounded (ACTION_TEMPLATES_MAX): every template is listed, used or not.
  const templates = rowsOf<{ id: string; name: string; isActive: boolean }>(
    await db.execute(sql`SELECT id, name, is_active AS "isActive" FROM ai_action_templates`),
  );

  const heldBy = (templateId: string | null) => held.find((h) => h.templateId === templateId);
  const callsOf = (templateId: string | null, isDeleted: boolean) => perSource.find((r) => r.templateId === templateId && Boolean(r.isDeleted) === isDeleted);

  const byTemplate: ActionUsage['byTemplate'] = templates
    .map((template) => ({
      source: 'template' as const,
      templateId: template.id,
      name: template.name,
      isActive: template.isActive,
      actions: Number(heldBy(template.id)?.actions ?? 0),
      chatbots: Number(heldBy(template.id)?.chatbots ?? 0),
      ...figures(callsOf(template.id, false)),
    }))
    .sort((a, b) => b.calls - a.calls || b.actions - a.actions || a.name.localeCompare(b.name));
  const own = heldBy(null);
  byTemplate.push({
    source: 'own',
    templateId: null,
    name: 'Own actions',
    isActive: null,
    actions: Number(own?.actions ?? 0),
    chatbots: Number(own?.chatbots ?? 0),
    ...figures(callsOf(null, false)),
  });
  const deleted = callsOf(null, true);
  if (deleted) byTemplate.push({ source: 'deleted', templateId: null, name: 'Deleted actions', isActive: null, actions: 0, chatbots: 0, ...figures(deleted) });

  const byKind: ActionUsage['byKind'] = CHATBOT_ACTION_KINDS.map((kind) => ({ kind, ...figures(perKind.find((r) => r.kind === kind)) }));
  const deletedKind = perKind.find((r) => r.kind === null);
  if (deletedKind) byKind.push({ kind: null, ...figures(deletedKind) });

  const days: ActionUsage['daily'] = [];
  for (let at = period.start.getTime(); at < period.end.getTime(); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    const row = figures(perDay.get(date));
    days.push({ date, calls: row.calls, failed: row.failed });
  }

  return {
    period: { from: period.from, to: period.to, days: input.days },
    totals: { ...figures(total), chatbotsWithActions: Number(withActions?.n ?? 0), chatbotsCalling: Number(total?.chatbots ?? 0) },
    daily: days,
    byKind,
    byTemplate,
  };
}
