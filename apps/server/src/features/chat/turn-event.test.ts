import { randomUUID } from 'node:crypto';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, conversations, messages, usageLedger } from '../../db/schema/index';
import { ChatTurnEvents, type ChatTurn } from '../../services/chat-turns';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';

const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);

describeEachDatabase('a chat turn announced once, in its transaction', (ctx) => {
  it('usage, the request log, action calls, analytics and webhooks follow turns; a subscriber’s rows commit with the turn or not at all', async () => {
    const c = ctx();
    expect(c.app.chatTurns.subscribers).toEqual(['request log', 'chatbot actions', 'visitor contact', 'usage', 'analytics', 'webhooks']);

    const owner = await createSignedInUser(c);
    const bot = (
      await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Announcing bot', status: 'live' } })
    ).json() as { id: string };

    // A subscriber of this test: it sees each turn, and writes a row in the turn's statement (or a row that cannot be written).
    const seen: ChatTurn[] = [];
    let failing = false;
    const probe = `probe ${randomUUID()}`;
    c.app.chatTurns.subscribe({
      name: probe,
      write(tx, turn) {
        if (turn.chatbot.id !== bot.id) return null;
        seen.push(turn);
        return {
          statements: [
            [
              'probe',
              tx.insert(adminActivityLogs).values({
                action: probe,
                resourceType: 'message',
                resourceId: turn.answer.id,
                // A user that does not exist: the foreign key refuses the row, and with it the whole turn.
                ...(failing ? { adminUserId: randomUUID() } : {}),
              }),
            ],
          ],
        };
      },
    });

    const ask = async (conversationId?: string) => {
      const response = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        payload: { message: 'When is the shop open?', ...(conversationId ? { conversationId } : {}) },
      });
      expect(response.statusCode).toBe(200);
      return eventsOf(response.body);
    };

    const first = await ask();
    const meta = first.find((event) => event.type === 'meta') as { conversationId: string; messageId: string };
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      channel: 'widget',
      conversation: { id: meta.conversationId, isNew: true, createdNow: true },
      question: { content: 'When is the shop open?', storedBefore: false },
      answer: { id: meta.messageId, outcome: 'declined' },
      metering: { reference: `overage:message:${meta.messageId}` },
      model: { provider: null, model: null },
    });
    const logged = await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, probe));
    expect(logged.map((row) => row.resourceId)).toEqual([meta.messageId]);
    const [counted] = await c.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageLedger)
      .where(eq(usageLedger.chatbotId, bot.id));
    expect(counted?.n).toBe(2);

    // The probe's row cannot be written: nothing of the turn is stored, and the visitor is told it failed.
    failing = true;
    const second = await ask(meta.conversationId);
    expect(second.some((event) => event.type === 'error')).toBe(true);
    expect(seen).toHaveLength(3); // the turn, then the same turn stored as an error, both refused
    expect(seen[1]?.answer.outcome).toBe('declined');
    expect(seen[2]?.answer.outcome).toBe('error');
    const stored = await c.database.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, meta.conversationId));
    expect(stored).toHaveLength(2);
    const [conversation] = await c.database.db.select().from(conversations).where(eq(conversations.id, meta.conversationId));
    expect(conversation?.messageCount).toBe(2);
    const [after] = await c.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageLedger)
      .where(eq(usageLedger.chatbotId, bot.id));
    expect(after?.n).toBe(2);
    expect(await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, probe))).toHaveLength(1);
  });

  it('refuses a second subscriber of the same name', () => {
    const events = new ChatTurnEvents();
    events.subscribe({ name: 'once', write: () => null });
    expect(() => events.subscribe({ name: 'once', write: () => null })).toThrow('chat turn subscriber "once" twice');
  });
});
