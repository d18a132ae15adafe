import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The UTC hour of a timestamp column, whatever the session's TimeZone setting. */
const utcHour = (column: SQL) => sql`date_trunc('hour', ${column} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
/** 1 when the condition holds, else 0 — also when it is NULL (an unrated answer), which would make a whole hour's sum NULL. */
const flag = (condition: SQL) => sql`((${condition}) IS TRUE)::int`;

/**
 * Recomputes chat_stats_hourly and question_stats_daily from the stored conversations,
 * messages and handoffs — for one organization or all — in one transaction. The definitions
 * are the ones the live writers follow (chat/service.ts, chat/feedback.ts, handoffs):
 * only conversations outside the owner's test chat count; an hour with nothing in it gets no row.
 *
 * Both rollups are locked against writes (EXCLUSIVE: dashboards still read) for the duration,
 * so a chat turn that commits meanwhile is either in the recount or added after it, never both.
 */
export async function rebuildChatStats(db: Db, options: { organizationId?: string } = {}): Promise<void> {
  const org = options.organizationId;
  const inOrg = (column: SQL) => (org ? sql`AND ${column} = ${org}` : sql``);
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE chat_stats_hourly, question_stats_daily IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM chat_stats_hourly WHERE true ${inOrg(sql`organization_id`)}`);
    await tx.execute(sql`DELETE FROM question_stats_daily WHERE true ${inOrg(sql`organization_id`)}`);

    await tx.execute(sql`
      INSERT INTO chat_stats_hourly (chatbot_id, organization_id, hour, conversations, questions, answered, declined, handoffs, errors,
                                     tokens, latency_ms_sum, latency_count, thumbs_up, thumbs_down)
      SELECT chatbot_id, organization_id, hour,
             sum(conversations)::int, sum(questions)::int, sum(answered)::int, sum(declined)::int, sum(handoffs)::int, sum(errors)::int,
             sum(tokens)::bigint, sum(latency_ms_sum)::float8, sum(latency_count)::int, sum(thumbs_up)::int, sum(thumbs_down)::int
      FROM (
        SELECT c.chatbot_id, c.organization_id, ${utcHour(sql`c.started_at`)} AS hour,
               1 AS conversations, 0 AS questions, 0 AS answered, 0 AS declined, 0 AS handoffs, 0 AS errors,
               0::bigint AS tokens, 0::float8 AS latency_ms_sum, 0 AS latency_count, 0 AS thumbs_up, 0 AS thumbs_down
        FROM conversations c
        WHERE c.channel <> 'test' ${inOrg(sql`c.organization_id`)}
        UNION ALL
        SELECT c.chatbot_id, c.organization_id, ${utcHour(sql`m.created_at`)},
               0,
               ${flag(sql`m.role = 'assistant' AND m.outcome IS NOT NULL`)},
               ${flag(sql`m.role = 'assistant' AND m.outcome = 'answered'`)},
               ${flag(sql`m.role = 'assistant' AND m.outcome IN ('declined', 'limited')`)},
               0,
               ${flag(sql`m.role = 'assistant' AND m.outcome = 'error'`)},
               m.tokens::bigint,
               CASE WHEN m.role = 'assistant' AND m.outcome IN ('answered', 'declined') AND m.latency_ms IS NOT NULL THEN m.latency_ms ELSE 0 END,
               ${flag(sql`m.role = 'assistant' AND m.outcome IN ('answered', 'declined') AND m.latency_ms IS NOT NULL`)},
               ${flag(sql`m.role = 'assistant' AND m.rating = 1`)},
               ${flag(sql`m.role = 'assistant' AND m.rating = -1`)}
        FROM messages m
        JOIN conversations c ON c.id = m.conversation_id
        WHERE m.role IN ('user', 'assistant') AND c.channel <> 'test' ${inOrg(sql`c.organization_id`)}
        UNION ALL
        SELECT h.chatbot_id, h.organization_id, ${utcHour(sql`h.requested_at`)},
               0, 0, 0, 0, 1, 0, 0::bigint, 0::float8, 0, 0, 0
        FROM handoffs h
        JOIN conversations c ON c.id = h.conversation_id
        WHERE c.channel <> 'test' ${inOrg(sql`h.organization_id`)}
      ) AS facts
      GROUP BY chatbot_id, organization_id, hour
      HAVING sum(conversations) + sum(questions) + sum(handoffs) + sum(tokens) + sum(latency_count) + sum(thumbs_up) + sum(thumbs_down) > 0
    `);

    await tx.execute(sql`
      INSERT INTO question_stats_daily (chatbot_id, organization_id, day, question_key, asked, answered, sample, last_asked_at)
      SELECT c.chatbot_id, c.organization_id, (m.created_at AT TIME ZONE 'UTC')::date, m.question_key,
             count(*)::int,
             count(*) FILTER (WHERE m.is_answered IS TRUE)::int,
             left((array_agg(m.content ORDER BY m.created_at DESC))[1], 500),
             max(m.created_at)
      FROM messages m
      JOIN conversations c ON c.id = m.conversation_id
      WHERE m.role = 'user' AND m.question_key IS NOT NULL AND c.channel <> 'test' ${inOrg(sql`c.organization_id`)}
      GROUP BY c.chatbot_id, c.organization_id, (m.created_at AT TIME ZONE 'UTC')::date, m.question_key
    `);
  });
}

/**
 * An installation upgraded from before the rollups has messages but no rollup rows: fill them
 * once at start-up. Several nodes may start together; the advisory lock lets one rebuild and
 * the others find the rows there. Returns whether it rebuilt.
 */
export async function backfillChatStatsIfEmpty(db: Db): Promise<boolean> {
  const needsRebuild = async (runner: Pick<Db, 'execute'>) => {
    const result = await runner.execute(sql`
      SELECT NOT EXISTS (SELECT 1 FROM chat_stats_hourly)
         AND EXISTS (SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.channel <> 'test') AS needed`);
    return (result as unknown as { rows: { needed: boolean }[] }).rows[0]?.needed === true;
  };
  if (!(await needsRebuild(db))) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('parley:analytics-backfill'))`);
    if (!(await needsRebuild(tx))) return false;
    await rebuildChatStats(tx as unknown as Db);
    return true;
  });
}
