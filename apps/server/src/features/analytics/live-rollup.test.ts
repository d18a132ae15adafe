import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatStatsHourly, organizations, questionStatsDaily, subscriptionTierLimits } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { rebuildChatStats } from './rebuild';

const FAQ = 'Refunds are paid within five working days. We ship rockets from Rotterdam; delivery to Europe takes three days.';

function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
}

/** The rollups of one organization, without the rows a live writer may leave at zero (a thumb given and taken back). */
async function rollups(c: TestContext, organizationId: string) {
  const { db } = c.database;
  const hourly = await db
    .select()
    .from(chatStatsHourly)
    .where(eq(chatStatsHourly.organizationId, organizationId))
    .orderBy(asc(chatStatsHourly.chatbotId), asc(chatStatsHourly.hour));
  const questions = await db
    .select()
    .from(questionStatsDaily)
    .where(eq(questionStatsDaily.organizationId, organizationId))
    .orderBy(asc(questionStatsDaily.chatbotId), asc(questionStatsDaily.day), asc(questionStatsDaily.questionKey));
  const nonZero = hourly.filter((row) =>
    [row.conversations, row.questions, row.answered, row.declined, row.handoffs, row.errors, row.tokens, row.latencyCount, row.thumbsUp, row.thumbsDown].some(
      (n) => n !== 0,
    ),
  );
  return { hourly: nonZero.map((row) => ({ ...row, latencyMsSum: Math.round(row.latencyMsSum) })), questions };
}

describeEachDatabase(
  'analytics rollups: what each chat turn writes equals a rebuild from the stored messages',
  (ctx) => {
    it('answers, declines, handoffs (phrase and button), errors, the limit, ratings, the API and the test chat', async () => {
      const c = ctx();
      const { db } = c.database;
      const owner = await createSignedInUser(c);
      const create = async (body: Record<string, unknown>) =>
        (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: body })).json() as {
          id: string;
          organizationId: string;
        };
      const bot = await create({ name: 'Rollup bot', status: 'live' });
      // A second chatbot whose model server is down: its answers end as errors.
      const broken = await create({ name: 'Broken bot', status: 'live', modelProvider: 'openai-compatible', modelName: 'gone' });
      for (const chatbotId of [bot.id, broken.id]) {
        await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${chatbotId}/sources/text`,
          headers: { cookie: owner.cookie },
          payload: { name: 'faq', text: FAQ },
        });
      }
      const deadline = Date.now() + 30_000;
      for (const chatbotId of [bot.id, broken.id]) {
        while (
          (await c.app.inject({ method: 'GET', url: `/api/chatbots/${chatbotId}/sources`, headers: { cookie: owner.cookie } })).json().items[0]?.status !==
          'ready'
        ) {
          if (Date.now() > deadline) throw new Error('source not ready');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }

      const say = async (chatbotId: string, message: string, visitorId: string, conversationId?: string) => {
        const response = await c.app.inject({
          method: 'POST',
          url: `/api/public/chatbots/${chatbotId}/messages`,
          payload: { message, visitorId, ...(conversationId ? { conversationId } : {}) },
        });
        const events = parseEvents(response.body);
        const meta = events.find((e) => e.type === 'meta') as Extract<ChatStreamEvent, { type: 'meta' }>;
        return { events, conversationId: meta.conversationId, messageId: meta.messageId };
      };
      const rate = (messageId: string, visitorId: string, rating: 'up' | 'down' | null) =>
        c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/messages/${messageId}/feedback`, payload: { visitorId, rating } });

      const first = await say(bot.id, 'How long do refunds take?', 'visitor_rollup_1');
      expect(first.events.find((e) => e.type === 'done')).toMatchObject({ answered: true });
      await rate(first.messageId, 'visitor_rollup_1', 'up');
      const second = await say(bot.id, 'Where do you ship from?', 'visitor_rollup_1', first.conversationId);
      await rate(second.messageId, 'visitor_rollup_1', 'down');
      await rate(second.messageId, 'visitor_rollup_1', 'up');
      const third = await say(bot.id, 'Do you sell moon boots?', 'visitor_rollup_1', first.conversationId);
      await rate(third.messageId, 'visitor_rollup_1', 'down');
      await rate(third.messageId, 'visitor_rollup_1', null);
      // A person by phrase, a message while waiting, and a button request from another visitor.
      const phrase = await say(bot.id, 'Can I talk to a human please?', 'visitor_rollup_2');
      const waiting = await say(bot.id, 'Hello?', 'visitor_rollup_2', phrase.conversationId);
      expect(waiting.events.some((e) => e.type === 'handoff')).toBe(true);
      await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: 'visitor_rollup_3' } });
      // Errors: the model server is down.
      const failed = await say(broken.id, 'How long do refunds take?', 'visitor_rollup_4');
      expect(failed.events, JSON.stringify(failed.events)).toContainEqual(expect.objectContaining({ type: 'error' }));
      // The API, and the owner's test chat (which does not count).
      const key = (await c.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner.cookie }, payload: { name: 'k' } })).json() as {
        secret: string;
      };
      const completion = await c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${key.secret}` },
        payload: { model: bot.id, messages: [{ role: 'user', content: 'How long does delivery to Europe take?' }] },
      });
      expect(completion.statusCode).toBe(200);
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'How long do refunds take?' },
      });
      // Over the monthly limit: the limit answer counts as declined.
      await db
        .insert(subscriptionTierLimits)
        .values({ tier: 'rollup-tiny', displayName: 'Tiny', monthlyTokenLimit: 1, maxHandoffsPerMonth: 10, maxChatbots: 5 });
      await db.update(organizations).set({ tier: 'rollup-tiny' }).where(eq(organizations.id, bot.organizationId));
      const limited = await say(bot.id, 'How long do refunds take?', 'visitor_rollup_5');
      expect(limited.events.some((e) => e.type === 'delta' && e.text.includes('monthly usage limit'))).toBe(true);

      const live = await rollups(c, bot.organizationId);
      const totals = live.hourly.reduce(
        (sum, row) => ({
          conversations: sum.conversations + row.conversations,
          questions: sum.questions + row.questions,
          answered: sum.answered + row.answered,
          declined: sum.declined + row.declined,
          handoffs: sum.handoffs + row.handoffs,
          errors: sum.errors + row.errors,
          thumbsUp: sum.thumbsUp + row.thumbsUp,
          thumbsDown: sum.thumbsDown + row.thumbsDown,
        }),
        { conversations: 0, questions: 0, answered: 0, declined: 0, handoffs: 0, errors: 0, thumbsUp: 0, thumbsDown: 0 },
      );
      // Conversations: visitors 1, 2, 3, 4, 5 and the API call; the test chat is left out.
      // Questions: 3 + phrase + error + API + limit = 7 (the message to the waiting inbox is not a question).
      expect(totals).toEqual({ conversations: 6, questions: 7, answered: 3, declined: 2, handoffs: 2, errors: 1, thumbsUp: 2, thumbsDown: 0 });
      // Top questions: the six questions about the documents (asking for a person is not one), the two refund
      // questions to the first chatbot grouped in one row.
      expect(live.questions.reduce((sum, q) => sum + q.asked, 0)).toBe(6);
      expect(live.questions).toHaveLength(5);
      expect(live.questions.find((q) => q.chatbotId === bot.id && q.questionKey === 'refund')).toMatchObject({ asked: 2, answered: 1 });

      await rebuildChatStats(db, { organizationId: bot.organizationId });
      expect(await rollups(c, bot.organizationId)).toEqual(live);
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' },
  { startBackgroundWork: true },
);
