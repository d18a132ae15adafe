import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscriptionTierLimits, usageLedger } from '../../db/schema/index';
import { insertChatbotRows } from '../../test/chatbot-rows';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { otherNode, until } from '../../test/other-node';
import { draftModelMessage } from '../openai-api/routes';
import { tierRateLimits } from '../tier-limits/rate-limits';
import { tokenAllowance, tokensUsedThisMonth } from '../usage/service';
import { webhookListeners } from '../webhooks/events';

describeEachDatabase('what a chat turn reads, from the read cache', (ctx) => {
  let other: ReturnType<typeof otherNode>;
  beforeAll(() => {
    other = otherNode(ctx().database);
  });
  afterAll(async () => other?.close());

  it('the widget and the API answer 404 for a chatbot set back to draft right after the change; another node’s change, once heard', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const headers = { cookie: owner.cookie };
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Widget bot', status: 'live' } })).json() as {
      id: string;
    };
    const { secret } = (await c.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'backend', chatbotId: null } })).json() as {
      secret: string;
    };
    const config = () => c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config` });
    const ask = () => c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/messages`, payload: { message: 'Hello?' } });
    const complete = () =>
      c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${secret}` },
        payload: { model: bot.id, messages: [{ role: 'user', content: 'Hello?' }] },
      });
    expect((await config()).statusCode).toBe(200);
    expect(c.app.readCache.isServing).toBe(true);
    expect((await config()).statusCode).toBe(200);

    expect((await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { status: 'draft' } })).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(404);
    expect((await config()).statusCode).toBe(404);
    const refused = await complete();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'model_not_found', message: draftModelMessage(bot.id) } });

    // Published again by another node: the widget answers once the notification arrives.
    await other.query(`UPDATE chatbots SET status = 'live' WHERE id = $1`, [bot.id]);
    await until(async () => (await config()).statusCode === 200, 'the widget answers again');
  });

  it('caches the tier’s limits, never the month’s tokens: read from the counter, which is the ledger’s sum', async () => {
    const { database, app } = ctx();
    const cache = app.readCache;
    const tier = `cached-${randomBytes(4).toString('hex')}`;
    await database.db
      .insert(subscriptionTierLimits)
      .values({ tier, displayName: 'Cached', monthlyTokenLimit: 1000, maxChatbots: 1, visitorMessagesPerMinute: 7 });
    const { organizationId } = await insertChatbotRows(database.db, { organization: { tier } });
    expect((await tierRateLimits(database.db, organizationId, cache)).visitorMessagesPerMinute).toBe(7);
    await other.query('UPDATE subscription_tier_limits SET visitor_messages_per_minute = 9 WHERE tier = $1', [tier]);
    await until(async () => (await tierRateLimits(database.db, organizationId, cache)).visitorMessagesPerMinute === 9, 'the new limit holds');

    expect(await tokenAllowance(database.db, organizationId, cache)).toEqual({ isOver: false, used: 0, limit: 1000 });
    await database.db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 600 });
    await other.query(`INSERT INTO usage_ledger (organization_id, token_type, tokens) VALUES ($1, 'output', 400)`, [organizationId]);
    // Nothing is waited for: the month's tokens are read on every turn.
    expect(await tokenAllowance(database.db, organizationId, cache)).toEqual({ isOver: true, used: 1000, limit: 1000 });
    const [ledger] = await database.db
      .select({ tokens: sql<string>`sum(${usageLedger.tokens})` })
      .from(usageLedger)
      .where(eq(usageLedger.organizationId, organizationId));
    expect(await tokensUsedThisMonth(database.db, organizationId)).toBe(Number(ledger!.tokens));
    await database.db.delete(usageLedger).where(eq(usageLedger.organizationId, organizationId));
    expect(await tokenAllowance(database.db, organizationId, cache)).toEqual({ isOver: false, used: 0, limit: 1000 });
  });

  it('knows who listens to webhooks from the cache, and hears of a new subscription', async () => {
    const { database, app } = ctx();
    const { organizationId } = await insertChatbotRows(database.db);
    const listening = async () => (await webhookListeners(database.db, organizationId, ['message.created'], app.readCache)).get('message.created');
    expect(await listening()).toEqual([]);
    const { rows } = await other.query(
      `INSERT INTO webhook_configs (organization_id, name, url, event_types, secret_encrypted, secret_hint)
       VALUES ($1, 'hook', 'https://hooks.example/y', '["message.created"]', 'x', 'abcd') RETURNING id`,
      [organizationId],
    );
    await until(async () => (await listening())?.[0] === (rows[0] as { id: string }).id, 'the new subscription is read');
  });
});
