import type { ActionCallLog, actionCallLogQuerySchema } from '@parley/shared/contracts/webhooks';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { chatbotActions, chatbots, messageActionCalls } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { urlHost } from '../../lib/url-host';

/**
 * The calls of an organization's webhook actions, newest first, a page at a time (the Webhooks screen's Action calls,
 * beside the deliveries; decisions/0050-action-call-analytics.md). Only actions of kind `webhook` that still exist: as
 * deleting a webhook removes its delivery log, deleting an action removes its calls from this log (they stay with the
 * conversations and in analytics). A chatbot filter naming another organization's chatbot is "not found".
 */
export async function listActionCalls(db: Db, organizationId: string, query: z.output<typeof actionCallLogQuerySchema>): Promise<ActionCallLog> {
  if (query.chatbotId) {
    const [chatbot] = await db
      .select({ id: chatbots.id })
      .from(chatbots)
      .where(and(eq(chatbots.id, query.chatbotId), eq(chatbots.organizationId, organizationId)));
    if (!chatbot) throw new AppError('NOT_FOUND', 'Chatbot not found.');
  }
  const conditions: SQL[] = [
    eq(chatbotActions.organizationId, organizationId),
    eq(chatbots.organizationId, organizationId),
    // The kind at the call; rows from before it was kept have the action's current kind.
    sql`coalesce(${messageActionCalls.actionKind}, ${chatbotActions.kind}) = 'webhook'`,
  ];
  if (query.chatbotId) conditions.push(eq(messageActionCalls.chatbotId, query.chatbotId));
  if (query.outcome === 'succeeded') conditions.push(isNull(messageActionCalls.error));
  if (query.outcome === 'failed') conditions.push(isNotNull(messageActionCalls.error));
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: messageActionCalls.id,
        at: messageActionCalls.createdAt,
        chatbotId: messageActionCalls.chatbotId,
        chatbotName: chatbots.name,
        actionId: chatbotActions.id,
        actionName: messageActionCalls.actionName,
        url: chatbotActions.url,
        targetHost: messageActionCalls.targetHost,
        httpStatus: messageActionCalls.httpStatus,
        durationMs: messageActionCalls.durationMs,
        error: messageActionCalls.error,
      })
      .from(messageActionCalls)
      .innerJoin(chatbotActions, eq(chatbotActions.id, messageActionCalls.actionId))
      .innerJoin(chatbots, eq(chatbots.id, messageActionCalls.chatbotId))
      .where(where)
      .orderBy(desc(messageActionCalls.createdAt), desc(messageActionCalls.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(messageActionCalls)
      .innerJoin(chatbotActions, eq(chatbotActions.id, messageActionCalls.actionId))
      .innerJoin(chatbots, eq(chatbots.id, messageActionCalls.chatbotId))
      .where(where),
  ]);

  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      chatbotId: row.chatbotId,
      chatbotName: row.chatbotName,
      actionId: row.actionId,
      actionName: row.actionName,
      // The host called then; the action's current address only for calls recorded before hosts were kept.
      urlHost: row.targetHost ?? urlHost(row.url),
      httpStatus: row.httpStatus,
      durationMs: row.durationMs,
      succeeded: row.error === null,
      error: row.error,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
