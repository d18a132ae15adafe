import {
  API_KEY_REQUESTS_PER_MINUTE,
  API_REQUESTS_PER_IP_PER_MINUTE,
  PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE,
  PUBLIC_CHAT_PER_IP_PER_MINUTE,
} from '@parley/shared/constants';
import { TIER_MESSAGES, TIER_RATE_LIMIT_MAX, TIER_RATE_LIMITS, type Tier } from '@parley/shared/contracts/tier-limits';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizations, usageLedger } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { draftModelMessage } from '../openai-api/routes';

const SHOP = 'https://shop.example';

const tierBody = (overrides: Record<string, unknown> = {}) => ({
  tier: `rl-${Math.random().toString(36).slice(2, 10)}`,
  displayName: 'Busy',
  description: '',
  monthlyTokenLimit: 5_000_000,
  maxHandoffsPerMonth: 50,
  maxChatbots: 5,
  isActive: true,
  ...overrides,
});

/** A customer (their personal workspace) with a chatbot and an API key. */
async function customer(c: TestContext, status: 'live' | 'draft' = 'live') {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = (
    await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Limits bot', status, allowedOrigins: [SHOP] } })
  ).json() as { id: string; organizationId: string };
  const { secret } = (await c.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'backend', chatbotId: null } })).json() as {
    secret: string;
  };
  return { owner, headers, bot, secret };
}

let ipCounter = 0;
/** A client address of its own, so the per-IP limits of other tests never count here. */
const freshIp = () => {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250) + 100}.${(ipCounter % 250) + 1}`;
};

describeEachDatabase('rate limits are limits of the tier', (ctx) => {
  async function tierFor(c: TestContext, organizationId: string, limits: Record<string, number>) {
    const admin = await createAdmin(c, 'system_admin');
    const created = await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers: { cookie: admin.cookie }, payload: tierBody(limits) });
    expect(created.statusCode, created.body).toBe(201);
    const tier = created.json() as Tier;
    await c.database.db.update(organizations).set({ tier: tier.tier }).where(eq(organizations.id, organizationId));
    return { tier, admin };
  }

  it('every tier starts with the former constants; Tier Limits saves, keeps and refuses them', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    expect([API_KEY_REQUESTS_PER_MINUTE, PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE]).toEqual([60, 120, 20]);
    const tiers = (await c.app.inject({ method: 'GET', url: '/api/admin/tier-limits', headers })).json().items as Tier[];
    expect(tiers.length).toBeGreaterThan(0);
    for (const tier of tiers) {
      expect(tier, tier.tier).toMatchObject({ apiKeyRequestsPerMinute: 60, chatbotMessagesPerMinute: 120, visitorMessagesPerMinute: 20 });
    }
    const created = (await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload: tierBody() })).json() as Tier;
    expect(created).toMatchObject({ apiKeyRequestsPerMinute: 60, chatbotMessagesPerMinute: 120, visitorMessagesPerMinute: 20 });

    const { tier: _id, ...editable } = tierBody();
    const edited = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/tier-limits/${created.id}`,
      headers,
      payload: { ...editable, apiKeyRequestsPerMinute: 600, chatbotMessagesPerMinute: 1_200, visitorMessagesPerMinute: 40 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ apiKeyRequestsPerMinute: 600, chatbotMessagesPerMinute: 1_200, visitorMessagesPerMinute: 40 });
    // A change that leaves them out keeps them.
    const kept = await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${created.id}`, headers, payload: { ...editable, maxChatbots: 6 } });
    expect(kept.json()).toMatchObject({ maxChatbots: 6, apiKeyRequestsPerMinute: 600, visitorMessagesPerMinute: 40 });

    for (const value of [0, -1, 2.5, TIER_RATE_LIMIT_MAX + 1, '60']) {
      const refused = await c.app.inject({
        method: 'PUT',
        url: `/api/admin/tier-limits/${created.id}`,
        headers,
        payload: { ...editable, visitorMessagesPerMinute: value },
      });
      expect(refused.statusCode, String(value)).toBe(400);
      expect(refused.json().message).toContain(TIER_MESSAGES.rateLimitInvalid(TIER_RATE_LIMITS.visitorMessagesPerMinute.label));
    }
    const after = (await c.app.inject({ method: 'GET', url: '/api/admin/tier-limits', headers })).json().items as Tier[];
    expect(after.find((t) => t.id === created.id)).toMatchObject({ visitorMessagesPerMinute: 40 });
  });

  it('the API key limit is the tier’s, changed without a restart: 429 with Retry-After, X-RateLimit-Limit and -Remaining', async () => {
    const c = ctx();
    const { bot, secret } = await customer(c);
    const { tier, admin } = await tierFor(c, bot.organizationId, { apiKeyRequestsPerMinute: 5 });
    const complete = () =>
      c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        remoteAddress: freshIp(),
        headers: { authorization: `Bearer ${secret}` },
        payload: { model: bot.id, messages: [{ role: 'user', content: 'hi?' }] },
      });
    const first = await complete();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    expect((await complete()).headers['x-ratelimit-remaining']).toBe('3');

    // The admin lowers the tier's limit: the next request is counted against 3 at once.
    const { tier: _id, ...editable } = tierBody();
    const lowered = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/tier-limits/${tier.id}`,
      headers: { cookie: admin.cookie },
      payload: { ...editable, apiKeyRequestsPerMinute: 3 },
    });
    expect(lowered.statusCode).toBe(200);
    const third = await complete();
    expect(third.statusCode).toBe(200);
    expect([third.headers['x-ratelimit-limit'], third.headers['x-ratelimit-remaining']]).toEqual(['3', '0']);
    const refused = await complete();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The per-IP limit before the key is checked carries the same headers.
    const ip = freshIp();
    const guess = () => c.app.inject({ method: 'GET', url: '/v1/models', remoteAddress: ip, headers: { authorization: 'Bearer pk_guess' } });
    const firstGuess = await guess();
    expect(firstGuess.statusCode).toBe(401);
    expect(firstGuess.headers['x-ratelimit-limit']).toBe(String(API_REQUESTS_PER_IP_PER_MINUTE));
    for (let i = 1; i < API_REQUESTS_PER_IP_PER_MINUTE; i += 1) await guess();
    const flood = await guess();
    expect(flood.statusCode).toBe(429);
    expect([flood.headers['x-ratelimit-limit'], flood.headers['x-ratelimit-remaining']]).toEqual([String(API_REQUESTS_PER_IP_PER_MINUTE), '0']);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the widget’s limits are the tier’s: per visitor IP, then per chatbot, with the three headers readable by the page', async () => {
    const c = ctx();
    const { bot } = await customer(c);
    await tierFor(c, bot.organizationId, { visitorMessagesPerMinute: 2, chatbotMessagesPerMinute: 3 });
    const ask = (ip: string) =>
      c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        remoteAddress: ip,
        headers: { origin: SHOP },
        payload: { message: 'hi?' },
      });
    const visitor = freshIp();
    const first = await ask(visitor);
    expect(first.statusCode).toBe(200);
    expect([first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining']]).toEqual(['2', '1']);
    expect(String(first.headers['access-control-expose-headers'])).toContain('x-ratelimit-remaining');
    expect((await ask(visitor)).statusCode).toBe(200);
    const perIp = await ask(visitor);
    expect(perIp.statusCode).toBe(429);
    expect([perIp.headers['x-ratelimit-limit'], perIp.headers['x-ratelimit-remaining']]).toEqual(['2', '0']);
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);
    expect(perIp.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(perIp.headers['access-control-expose-headers'])).toContain('x-ratelimit-limit');

    // The chatbot's allowance (3): two answered, one more from another visitor, then everyone waits.
    const other = await ask(freshIp());
    expect(other.statusCode).toBe(200);
    expect([other.headers['x-ratelimit-limit'], other.headers['x-ratelimit-remaining']]).toEqual(['3', '0']);
    const perBot = await ask(freshIp());
    expect(perBot.statusCode).toBe(429);
    expect([perBot.headers['x-ratelimit-limit'], perBot.headers['x-ratelimit-remaining']]).toEqual(['3', '0']);
    expect(Number(perBot.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('in parallel at the limit: exactly the limit is answered, per key and per chatbot, and exactly those turns are metered (issue 38)', async () => {
    const c = ctx();
    const { bot, secret } = await customer(c);
    await tierFor(c, bot.organizationId, { apiKeyRequestsPerMinute: 7, chatbotMessagesPerMinute: 11, visitorMessagesPerMinute: 100 });
    const ledgerRows = async () => (await c.database.db.select().from(usageLedger).where(eq(usageLedger.chatbotId, bot.id))).length;
    const complete = () =>
      c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        remoteAddress: freshIp(),
        headers: { authorization: `Bearer ${secret}` },
        payload: { model: bot.id, messages: [{ role: 'user', content: 'hi?' }] },
      });
    // One turn first: how many ledger rows a turn writes.
    expect((await complete()).statusCode).toBe(200);
    const rowsPerTurn = await ledgerRows();
    expect(rowsPerTurn).toBeGreaterThan(0);

    // Nineteen at once against the key's 7 a minute: six more are answered, thirteen refused, none lost or doubled.
    const apiAnswers = await Promise.all(Array.from({ length: 19 }, complete));
    const apiStatuses = apiAnswers.map((answer) => answer.statusCode).sort();
    expect(apiStatuses.filter((status) => status === 200)).toHaveLength(6);
    expect(apiStatuses.filter((status) => status === 429)).toHaveLength(13);
    expect(await ledgerRows()).toBe(7 * rowsPerTurn);

    // The widget's visitors share the chatbot's 11 a minute with the API's 7 turns: four more, whoever asks first.
    const ask = () =>
      c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        remoteAddress: freshIp(),
        headers: { origin: SHOP },
        payload: { message: 'hi?' },
      });
    const widgetAnswers = await Promise.all(Array.from({ length: 12 }, ask));
    const widgetStatuses = widgetAnswers.map((answer) => answer.statusCode);
    expect(widgetStatuses.filter((status) => status === 200)).toHaveLength(4);
    expect(widgetStatuses.filter((status) => status === 429)).toHaveLength(8);
    expect(widgetAnswers.filter((answer) => answer.statusCode === 429).every((answer) => Number(answer.headers['retry-after']) > 0)).toBe(true);
    expect(await ledgerRows()).toBe(11 * rowsPerTurn);
  });

  it('a draft chatbot answers neither the API nor the widget (only the test chat); published, it does', async () => {
    const c = ctx();
    const { bot, secret, headers } = await customer(c, 'draft');
    const api = { authorization: `Bearer ${secret}` };
    const complete = () =>
      c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        remoteAddress: freshIp(),
        headers: api,
        payload: { model: bot.id, messages: [{ role: 'user', content: 'hi?' }] },
      });
    const refused = await complete();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: { message: draftModelMessage(bot.id), type: 'invalid_request_error', param: null, code: 'model_not_found' } });
    const model = await c.app.inject({ method: 'GET', url: `/v1/models/${bot.id}`, remoteAddress: freshIp(), headers: api });
    expect(model.statusCode).toBe(404);
    expect(model.json().error.message).toBe(draftModelMessage(bot.id));
    expect((await c.app.inject({ method: 'GET', url: '/v1/models', remoteAddress: freshIp(), headers: api })).json().data).toEqual([]);
    const widget = await c.app.inject({
      method: 'POST',
      url: `/api/public/chatbots/${bot.id}/messages`,
      remoteAddress: freshIp(),
      headers: { origin: SHOP },
      payload: { message: 'hi?' },
    });
    expect(widget.statusCode).toBe(404);
    // The test chat reaches it.
    const tested = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/test-chat`, headers, payload: { message: 'hi?' } });
    expect(tested.statusCode).toBe(200);

    const published = await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { status: 'live' } });
    expect(published.statusCode).toBe(200);
    expect((await complete()).statusCode).toBe(200);
    expect(
      (await c.app.inject({ method: 'GET', url: '/v1/models', remoteAddress: freshIp(), headers: api })).json().data.map((m: { id: string }) => m.id),
    ).toEqual([bot.id]);
  });
});
