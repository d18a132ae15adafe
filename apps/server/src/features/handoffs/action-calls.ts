import type { MessageActionCall } from '@parley/shared/contracts/chatbot-actions';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageActionCalls } from '../../db/schema/index';

/** Calls shown with one conversation: enough for any turn's N calls over a long conversation. */
const CALLS_PER_CONVERSATION_MAX = 500;

/**
 * The action calls of a conversation, oldest first, for the organization's inbox (never for the visitor). Read here
 * rather than through chatbot-actions, which requests handoffs: the inbox reads the table the turn writes.
 */
export async function conversationActionCalls(db: Db, conversationId: string): Promise<MessageActionCall[]> {
  const rows = await db
    .select()
    .from(messageActionCalls)
    .where(eq(messageActionCalls.conversationId, conversationId))
    .orderBy(asc(messageActionCalls.createdAt), asc(messageActionCalls.id))
    .limit(CALLS_PER_CONVERSATION_MAX);
  return rows.map((row) => ({
    id: row.id,
    messageId: row.messageId,
    actionId: row.actionId,
    actionName: row.actionName,
    arguments: row.arguments,
    resultExcerpt: row.resultExcerpt,
    error: row.error,
    httpStatus: row.httpStatus,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  }));
}
