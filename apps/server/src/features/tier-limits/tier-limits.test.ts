import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, organizations, planFeatures, subscriptionTierLimits } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const tierBody = (overrides: Record<string, unknown> = {}) => ({
  tier: `t-${Math.random().toString(36).slice(2, 10)}`,
  displayName: 'Team',
  description: 'For small teams',
  monthlyTokenLimit: 500_000,
  maxHandoffsPerMonth: 50,
  maxChatbots: 5,
  isActive: true,
  ...overrides,
});

async function featureValues(c: TestContext, tier: string) {
  const rows = await c.database.db.select().from(planFeatures).where(eq(planFeatures.tier, tier));
  return Object.fromEntries(rows.map((row) => [row.featureName, row.featureValue]));
}

describeEachDatabase('subscription tier limits', (ctx) => {
  it('creates, lists (unlimited last), edits, switches and deletes tiers, keeping the plan’s limit lines in step', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const unlimited = await c.app.inject({
      method: 'POST',
      url: '/api/admin/tier-limits',
      headers,
      payload: tierBody({ displayName: 'Enterprise', monthlyTokenLimit: -1, maxHandoffsPerMonth: -1, maxChatbots: -1 }),
    });
    expect(unlimited.statusCode).toBe(201);
    const team = await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload: tierBody() });
    expect(team.statusCode).toBe(201);
    const created = team.json();
    expect(created).toMatchObject({
      displayName: 'Team',
      monthlyTokenLimit: 500_000,
      maxHandoffsPerMonth: 50,
      maxChatbots: 5,
      isActive: true,
      organizationCount: 0,
    });
    expect(await featureValues(c, created.tier)).toEqual({ 'Active Chatbots': '5', 'AI Tokens/month': '500,000' });
    expect(await featureValues(c, unlimited.json().tier)).toEqual({ 'Active Chatbots': 'Unlimited', 'AI Tokens/month': 'Unlimited' });

    const list = (await c.app.inject({ method: 'GET', url: '/api/admin/tier-limits', headers })).json() as {
      items: { tier: string; monthlyTokenLimit: number }[];
    };
    const limits = list.items.map((t) => t.monthlyTokenLimit);
    expect(limits.at(-1)).toBe(-1);
    expect(limits.slice(0, -1)).toEqual([...limits.slice(0, -1)].sort((x, y) => x - y));
    expect(list.items.find((t) => t.tier === 'free')).toMatchObject({ monthlyTokenLimit: 100_000, maxHandoffsPerMonth: 10, maxChatbots: 3 });

    const edited = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/tier-limits/${created.id}`,
      headers,
      payload: { displayName: 'Team Plus', description: '', monthlyTokenLimit: 750_000, maxHandoffsPerMonth: 0, maxChatbots: 8, isActive: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ tier: created.tier, displayName: 'Team Plus', monthlyTokenLimit: 750_000, maxHandoffsPerMonth: 0, maxChatbots: 8 });
    expect(await featureValues(c, created.tier)).toEqual({ 'Active Chatbots': '8', 'AI Tokens/month': '750,000' });

    const off = await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${created.id}/status`, headers, payload: { isActive: false } });
    expect(off.json()).toMatchObject({ isActive: false });
    const on = await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${created.id}/status`, headers, payload: { isActive: true } });
    expect(on.json()).toMatchObject({ isActive: true });

    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/tier-limits/${created.id}`, headers })).json()).toEqual({ ok: true });
    expect(await c.database.db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.id, created.id))).toHaveLength(0);
    expect(await featureValues(c, created.tier)).toEqual({});
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/tier-limits/${created.id}`, headers })).statusCode).toBe(404);

    const actions = (await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, created.id))).map((row) => row.action).sort();
    expect(actions).toEqual(['tier_activated', 'tier_created', 'tier_deactivated', 'tier_deleted', 'tier_updated']);
  });

  it('refuses incomplete or impossible tiers with the spec’s message, and duplicates', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const cases: [Record<string, unknown>, string][] = [
      [tierBody({ tier: '' }), TIER_MESSAGES.required],
      [tierBody({ tier: undefined }), TIER_MESSAGES.required],
      [tierBody({ monthlyTokenLimit: 0 }), TIER_MESSAGES.required],
      [tierBody({ monthlyTokenLimit: undefined }), TIER_MESSAGES.required],
      [tierBody({ maxHandoffsPerMonth: undefined }), TIER_MESSAGES.required],
      [tierBody({ monthlyTokenLimit: -5 }), TIER_MESSAGES.monthlyLimitInvalid],
      [tierBody({ monthlyTokenLimit: 10.5 }), TIER_MESSAGES.monthlyLimitInvalid],
      [tierBody({ maxHandoffsPerMonth: -2 }), TIER_MESSAGES.handoffLimitInvalid],
      [tierBody({ maxChatbots: 0 }), TIER_MESSAGES.chatbotLimitInvalid],
      [tierBody({ tier: 'Pro Plan!' }), TIER_MESSAGES.tierIdFormat],
      [tierBody({ displayName: '  ' }), TIER_MESSAGES.displayNameRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const duplicate = await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload: tierBody({ tier: 'free' }) });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(TIER_MESSAGES.exists);
  });

  it('never deletes or deactivates the free tier or a tier organizations are on', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const [free] = await c.database.db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'free'));
    for (const request of [
      { method: 'DELETE' as const, url: `/api/admin/tier-limits/${free!.id}` },
      { method: 'PUT' as const, url: `/api/admin/tier-limits/${free!.id}/status`, payload: { isActive: false } },
      {
        method: 'PUT' as const,
        url: `/api/admin/tier-limits/${free!.id}`,
        payload: { displayName: 'Free', monthlyTokenLimit: 100_000, maxHandoffsPerMonth: 10, maxChatbots: 3, isActive: false },
      },
    ]) {
      const response = await c.app.inject({ ...request, headers });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(TIER_MESSAGES.freeIsFallback);
    }

    const pro = (await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload: tierBody({ displayName: 'Pro' }) })).json();
    const owner = await createSignedInUser(c);
    const orgId = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json().organizationId as string;
    await c.database.db.update(organizations).set({ tier: pro.tier }).where(eq(organizations.id, orgId));
    const listed = (await c.app.inject({ method: 'GET', url: '/api/admin/tier-limits', headers })).json().items.find((t: { id: string }) => t.id === pro.id);
    expect(listed.organizationCount).toBe(1);
    const remove = await c.app.inject({ method: 'DELETE', url: `/api/admin/tier-limits/${pro.id}`, headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(TIER_MESSAGES.inUse(1, 'Pro'));
    const deactivate = await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${pro.id}/status`, headers, payload: { isActive: false } });
    expect(deactivate.statusCode).toBe(409);
    expect((await c.database.db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.id, pro.id)))[0]?.isActive).toBe(true);
  });

  it('an edited limit takes effect at once: max_chatbots and the monthly token limit', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const tier = (
      await c.app.inject({ method: 'POST', url: '/api/admin/tier-limits', headers, payload: tierBody({ displayName: 'Starter', maxChatbots: 1 }) })
    ).json();
    const owner = await createSignedInUser(c);
    const usage = async () => (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json();
    const orgId = (await usage()).organizationId as string;
    await c.database.db.update(organizations).set({ tier: tier.tier }).where(eq(organizations.id, orgId));
    const createBot = (name: string) => c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name } });

    expect((await createBot('First')).statusCode).toBe(201);
    const refused = await createBot('Second');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your Starter plan allows 1 chatbot. Delete one or upgrade your plan to create another.');

    const raise = { displayName: 'Starter', description: '', monthlyTokenLimit: 1000, maxHandoffsPerMonth: 10, maxChatbots: 2, isActive: true };
    expect((await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${tier.id}`, headers, payload: raise })).statusCode).toBe(200);
    expect((await createBot('Second')).statusCode).toBe(201);
    expect(await usage()).toMatchObject({ tier: { tier: tier.tier }, tokens: { limit: 1000 }, chatbots: { count: 2, limit: 2 } });

    await c.app.inject({ method: 'PUT', url: `/api/admin/tier-limits/${tier.id}`, headers, payload: { ...raise, maxChatbots: -1, monthlyTokenLimit: -1 } });
    expect(await usage()).toMatchObject({ tokens: { limit: -1 }, chatbots: { limit: -1 }, isOverTokenLimit: false });
    expect((await createBot('Third')).statusCode).toBe(201);
    expect(
      await c.database.db
        .select()
        .from(planFeatures)
        .where(and(eq(planFeatures.tier, tier.tier), eq(planFeatures.featureValue, 'Unlimited'))),
    ).toHaveLength(2);
  });
});
