import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages, type chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { addChatStats } from '../analytics/index';

const RATING_VALUE = { up: 1, down: -1 } as const;

/**
 * A visitor's thumbs up or down on one of the bot's answers in their own conversation.
 * Changing or taking back a rating moves the count in the answer's hour of the rollup,
 * under a row lock so two quick clicks cannot count twice.
 */
export async function rateMessage(
  db: Db,
  input: { chatbot: typeof chatbots.$inferSelect; messageId: string; visitorId: string; rating: 'up' | 'down' | null },
): Promise<void> {
  const next = input.rating ? RATING_VALUE[input.rating] : null;
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: messages.id, rating: messages.rating, createdAt: messages.createdAt, channel: conversations.channel })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.id, input.messageId),
          eq(messages.role, 'assistant'),
          eq(conversations.chatbotId, input.chatbot.id),
          eq(conversations.visitorId, input.visitorId),
        ),
      )
      .for('update', { of: messages });
    if (!found) throw new AppError('NOT_FOUND', 'Message not found.');
    if (found.rating === next) return;
    await tx
      .update(messages)
      .set({ rating: next, ratedAt: next === null ? null : new Date() })
      .where(eq(messages.id, found.id));
    if (found.channel === 'test') return;
    const delta = (value: number | null, sign: 1 | -1) => ({ thumbsUp: value === 1 ? sign : 0, thumbsDown: value === -1 ? sign : 0 });
    const removed = delta(found.rating, -1);
    const added = delta(next, 1);
    await addChatStats(tx, {
      chatbotId: input.chatbot.id,
      organizationId: input.chatbot.organizationId,
      at: found.createdAt,
      thumbsUp: removed.thumbsUp + added.thumbsUp,
      thumbsDown: removed.thumbsDown + added.thumbsDown,
    });
  });
}
