import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { WEBHOOK_EVENT_TYPES, type WebhookConfigWithSecret, type WebhookPayload } from '@parley/shared/contracts/webhooks';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationMembers, organizations, subscriptionTierLimits, usageLedger, webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { tokensUsedThisMonth } from '../usage/service';
import { noticeUsageThresholds } from '../usage/thresholds';
import { emitWebhookEvent } from './events';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The document that cannot be fetched (document.failed); everything else is a webhook and is accepted.
  receiver.answer((request) => (request.url.startsWith('/missing') ? { status: 404, body: 'not here' } : { status: 200, body: 'ok' }));
});
afterAll(async () => receiver.close());

/** The webhook bodies this organization's endpoint received (verified with the reference package), in arrival order. */
function delivered(marker: string, secret: string): WebhookPayload[] {
  return receiver.received
    .filter((request) => request.url.endsWith(marker) && request.headers['webhook-id'])
    .map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookPayload);
}

/** Waits for the running server's delivery worker to send what is expected. */
async function waitFor(marker: string, secret: string, done: (payloads: WebhookPayload[]) => boolean): Promise<WebhookPayload[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const payloads = delivered(marker, secret);
    if (done(payloads)) return payloads;
    if (Date.now() > deadline) throw new Error(`not delivered in time; got ${payloads.map((p) => p.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ofType = <T extends WebhookPayload['type']>(payloads: WebhookPayload[], type: T) => payloads.filter((p): p is WebhookPayload<T> => p.type === type);

function streamEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
}

async function organizationOf(c: TestContext, userId: string) {
  const [row] = await c.database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
  return row!.organizationId;
}

describeEachDatabase(
  'webhook events emitted by each feature, delivered by the running worker',
  (ctx) => {
    it('chatbots, documents, conversations, messages, handoffs and usage send their events, in order', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const organizationId = await organizationOf(c, owner.userId);
      const marker = `?events-${organizationId}`;
      const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
        c.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
      const { secret } = (
        await inject('POST', '/api/webhook-configs', { name: 'Everything', url: `${receiver.url}${marker}`, eventTypes: [...WEBHOOK_EVENT_TYPES] })
      ).json() as WebhookConfigWithSecret;

      // bot.created and bot.updated (with what changed).
      const bot = (await inject('POST', '/api/chatbots', { name: 'Helpdesk', status: 'live' })).json() as { id: string };
      await inject('PATCH', `/api/chatbots/${bot.id}`, { description: 'Answers questions about opening hours' });
      let payloads = await waitFor(marker, secret, (p) => ofType(p, 'bot.updated').length === 1);
      expect(ofType(payloads, 'bot.created')[0]!.data).toMatchObject({ organizationId, chatbot: { id: bot.id, name: 'Helpdesk', status: 'live' } });
      expect(ofType(payloads, 'bot.updated')[0]!.data).toMatchObject({
        chatbot: { description: 'Answers questions about opening hours' },
        changedFields: ['description'],
      });

      // document.processed and document.failed.
      const text = await inject('POST', `/api/chatbots/${bot.id}/sources/text`, {
        name: 'Opening hours',
        text: 'Our shop is open Monday to Friday from 9:00 to 17:00. On Saturdays we open from 10:00 to 14:00.',
      });
      expect(text.statusCode).toBe(201);
      const failing = await inject('POST', `/api/chatbots/${bot.id}/sources/url`, { url: `${new URL(receiver.url).origin}/missing/page` });
      expect(failing.statusCode).toBe(201);
      payloads = await waitFor(marker, secret, (p) => ofType(p, 'document.processed').length === 1 && ofType(p, 'document.failed').length === 1);
      expect(ofType(payloads, 'document.processed')[0]!.data).toMatchObject({
        organizationId,
        chatbotId: bot.id,
        document: { id: (text.json() as { id: string }).id, name: 'Opening hours', kind: 'text' },
      });
      expect(ofType(payloads, 'document.processed')[0]!.data.document.chunkCount).toBeGreaterThan(0);
      expect(ofType(payloads, 'document.failed')[0]!.data.document).toMatchObject({
        id: (failing.json() as { id: string }).id,
        kind: 'url',
        error: 'The page answered 404.',
      });

      // usage.threshold_reached at 80%: a plan whose limit the next answer crosses.
      const used = await tokensUsedThisMonth(c.database.db, organizationId);
      const tier = `webhook-test-${organizationId.slice(0, 8)}`;
      await c.database.db.insert(subscriptionTierLimits).values({ tier, displayName: 'Tiny', monthlyTokenLimit: Math.ceil(used / 0.79), maxChatbots: 5 });
      await c.database.db.update(organizations).set({ tier }).where(eq(organizations.id, organizationId));

      // conversation.started, then message.created for the question and the answer.
      const chat = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        payload: { message: 'When are you open on Saturdays?', visitorId: 'visitor_webhooks_1' },
      });
      const conversationId = (streamEvents(chat.body).find((e) => e.type === 'meta') as Extract<ChatStreamEvent, { type: 'meta' }>).conversationId;
      payloads = await waitFor(marker, secret, (p) => ofType(p, 'message.created').length === 2 && ofType(p, 'usage.threshold_reached').length >= 1);
      expect(ofType(payloads, 'conversation.started')[0]!.data).toMatchObject({
        chatbotId: bot.id,
        conversation: { id: conversationId, channel: 'widget', visitorId: 'visitor_webhooks_1' },
      });
      const [question, answer] = ofType(payloads, 'message.created');
      expect(question!.data).toMatchObject({ conversationId, message: { role: 'user', content: 'When are you open on Saturdays?' } });
      expect(answer!.data.message.role).toBe('assistant');
      expect(answer!.data.message.content).toContain('10:00');
      expect(answer!.data.message.tokens).toBeGreaterThan(0);
      const threshold = ofType(payloads, 'usage.threshold_reached')[0]!.data;
      expect(threshold).toMatchObject({ organizationId, threshold: 80, period: new Date().toISOString().slice(0, 7) });
      expect(threshold.tokens.used * 100).toBeGreaterThanOrEqual(threshold.tokens.limit * 80);

      // handoff.requested (and the two messages of that turn), an agent's reply, then handoff.closed and conversation.ended.
      await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        payload: { message: 'Can I talk to a human, please?', visitorId: 'visitor_webhooks_1', conversationId },
      });
      payloads = await waitFor(marker, secret, (p) => ofType(p, 'handoff.requested').length === 1);
      const handoffId = ofType(payloads, 'handoff.requested')[0]!.data.handoff.id;
      expect(ofType(payloads, 'handoff.requested')[0]!.data).toMatchObject({ conversationId, handoff: { reason: 'phrase' } });
      await inject('POST', `/api/handoffs/${handoffId}/messages`, { content: 'Hi, this is Ada. How can I help?' });
      await inject('POST', `/api/handoffs/${handoffId}/close`, { outcome: 'ended' });
      payloads = await waitFor(marker, secret, (p) => ofType(p, 'conversation.ended').length === 1);
      expect(ofType(payloads, 'message.created').map((p) => p.data.message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'agent']);
      expect(ofType(payloads, 'handoff.closed')[0]!.data).toMatchObject({ handoff: { id: handoffId, outcome: 'ended', closedBy: owner.userId } });
      expect(ofType(payloads, 'conversation.ended')[0]!.data).toMatchObject({ conversation: { id: conversationId, handoffId, endedBy: owner.userId } });

      // bot.deleted last; the whole stream arrived in the order it happened.
      await inject('DELETE', `/api/chatbots/${bot.id}`);
      payloads = await waitFor(marker, secret, (p) => ofType(p, 'bot.deleted').length === 1);
      expect(ofType(payloads, 'bot.deleted')[0]!.data).toEqual({ organizationId, chatbot: { id: bot.id, name: 'Helpdesk' } });
      const order = payloads.map((p) => p.type);
      expect(order.indexOf('bot.created')).toBe(0);
      expect(order.at(-1)).toBe('bot.deleted');
      expect(order.indexOf('conversation.started')).toBeLessThan(order.indexOf('handoff.requested'));
      expect(order.indexOf('handoff.closed')).toBeLessThan(order.indexOf('conversation.ended'));
      // Each threshold was sent once, however many answers came after it (the answer may have crossed 100% too).
      const thresholds = ofType(payloads, 'usage.threshold_reached');
      expect(thresholds.map((p) => p.data.threshold)).toEqual(thresholds.length === 1 ? [80] : [80, 100]);
      for (const notice of thresholds) expect(notice.data.tokens.used * 100).toBeGreaterThanOrEqual(notice.data.tokens.limit * notice.data.threshold);
    });

    it('usage.threshold_reached is stored once at 80% and once at 100% of the month’s tokens', async () => {
      const c = ctx();
      const { db } = c.database;
      const owner = await createSignedInUser(c);
      const organizationId = await organizationOf(c, owner.userId);
      const tier = `webhook-usage-${organizationId.slice(0, 8)}`;
      await db.insert(subscriptionTierLimits).values({ tier, displayName: 'Thousand', monthlyTokenLimit: 1000, maxChatbots: 1 });
      await db.update(organizations).set({ tier }).where(eq(organizations.id, organizationId));
      const meter = async (tokens: number) => {
        await db.transaction(async (tx) => {
          await tx.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens });
          await noticeUsageThresholds(tx, {}, organizationId);
        });
      };
      const notices = async () =>
        (
          await db
            .select()
            .from(webhookEvents)
            .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.type, 'usage.threshold_reached')))
        )
          .map((row) => (JSON.parse(row.payload) as WebhookPayload<'usage.threshold_reached'>).data)
          .sort((a, b) => a.threshold - b.threshold);

      // Nobody listens yet: nothing is recorded, so a webhook added later still hears of the threshold.
      await meter(850);
      expect(await notices()).toEqual([]);
      await c.app.inject({
        method: 'POST',
        url: '/api/webhook-configs',
        headers: { cookie: owner.cookie },
        payload: { name: 'Usage', url: `${receiver.url}?usage`, eventTypes: ['usage.threshold_reached'] },
      });
      await meter(10);
      await meter(10);
      expect((await notices()).map((n) => [n.threshold, n.tokens.used, n.tokens.limit])).toEqual([[80, 860, 1000]]);
      await meter(200);
      await meter(5);
      expect((await notices()).map((n) => [n.threshold, n.tokens.used])).toEqual([
        [80, 860],
        [100, 1070],
      ]);
    });

    it('writes nothing when nobody listens, and an event only commits with the change that caused it', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const organizationId = await organizationOf(c, owner.userId);
      const bot = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Quiet' } });
      expect(bot.statusCode).toBe(201);
      expect(await c.database.db.select().from(webhookEvents).where(eq(webhookEvents.organizationId, organizationId))).toEqual([]);

      await c.app.inject({
        method: 'POST',
        url: '/api/webhook-configs',
        headers: { cookie: owner.cookie },
        payload: { name: 'Listener', url: `${receiver.url}?tx`, eventTypes: ['bot.deleted'] },
      });
      const data = { organizationId, chatbot: { id: crypto.randomUUID(), name: 'Rolled back' } };
      await expect(
        c.database.db.transaction(async (tx) => {
          await emitWebhookEvent(tx, { organizationId, type: 'bot.deleted', data });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await c.database.db.select().from(webhookEvents).where(eq(webhookEvents.organizationId, organizationId))).toEqual([]);

      const id = await c.database.db.transaction((tx) => emitWebhookEvent(tx, { organizationId, type: 'bot.deleted', data }));
      expect(id).toMatch(/^msg_/);
      const deliveries = await c.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, id!));
      expect(deliveries).toHaveLength(1);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
  { startBackgroundWork: true },
);
