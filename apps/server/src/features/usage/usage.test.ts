import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizations, subscriptionTierLimits, usageLedger } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { MONTHLY_LIMIT_TEXT } from '../chat/service';
import { currentPeriod, organizationTier } from './service';

describeEachDatabase('plan limits', (ctx) => {
  it('a new organization is on the free tier; creating past max_chatbots is refused with a clear message', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const usage = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json();
    expect(usage).toMatchObject({
      tier: { tier: 'free', displayName: 'Free' },
      tokens: { used: 0, limit: 100000, percent: 0 },
      chatbots: { count: 0, limit: 3 },
      isOverTokenLimit: false,
    });
    for (let i = 0; i < 2; i += 1) {
      expect((await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: `Bot ${i}` } })).statusCode).toBe(
        201,
      );
    }
    // Three asked at once for the last place: one gets it.
    const raced = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: `Raced ${name}` } }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    const fourth = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'One too many' } });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'Your Free plan allows 3 chatbots. Delete one or upgrade your plan to create another.',
    });
  });

  it('-1 means unlimited chatbots', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const orgId = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json().organizationId as string;
    await c.database.db
      .insert(subscriptionTierLimits)
      .values({ tier: 'unlimited-test', displayName: 'Unlimited', monthlyTokenLimit: -1, maxChatbots: -1 })
      .onConflictDoNothing();
    await c.database.db.update(organizations).set({ tier: 'unlimited-test' }).where(eq(organizations.id, orgId));
    for (let i = 0; i < 5; i += 1) {
      expect((await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: `Bot ${i}` } })).statusCode).toBe(
        201,
      );
    }
    const usage = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json();
    expect(usage).toMatchObject({ tokens: { limit: -1, percent: null }, chatbots: { count: 5, limit: -1 }, isOverTokenLimit: false });
  });

  it("an organization's own tier applies while it is active; an inactive or unknown tier falls back to free", async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const orgId = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json().organizationId as string;
    const tier = `fallback-${orgId.slice(0, 8)}`;
    await db.insert(subscriptionTierLimits).values({ tier, displayName: 'Fallback test', monthlyTokenLimit: 777, maxChatbots: 7 });
    await db.update(organizations).set({ tier }).where(eq(organizations.id, orgId));
    expect(await organizationTier(db, orgId)).toMatchObject({ tier, monthlyTokenLimit: 777, maxChatbots: 7 });

    await db.update(subscriptionTierLimits).set({ isActive: false }).where(eq(subscriptionTierLimits.tier, tier));
    expect(await organizationTier(db, orgId)).toMatchObject({ tier: 'free', maxChatbots: 3 });
    await db.update(organizations).set({ tier: 'no-such-tier' }).where(eq(organizations.id, orgId));
    expect(await organizationTier(db, orgId)).toMatchObject({ tier: 'free', maxChatbots: 3 });
    await expect(organizationTier(db, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('over the monthly token limit the bot answers with the limit message and meters nothing more; the owner sees it', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Busy bot' } })).json() as {
      id: string;
      organizationId: string;
    };
    const ask = async () =>
      (
        await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/test-chat`,
          headers: { cookie: owner.cookie },
          payload: { message: 'Hello there, what do you know?' },
        })
      ).body
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);

    await ask();
    const before = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json();
    expect(before.tokens.used).toBeGreaterThan(0);

    // Last month's usage does not count; this month's reaching the limit does.
    const lastMonth = new Date(currentPeriod().start.getTime() - 24 * 60 * 60 * 1000);
    await c.database.db.insert(usageLedger).values({ organizationId: bot.organizationId, tokenType: 'input', tokens: 500_000, createdAt: lastMonth });
    expect((await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json().isOverTokenLimit).toBe(false);
    await c.database.db.insert(usageLedger).values({ organizationId: bot.organizationId, tokenType: 'input', tokens: 100_000 });

    const limited = await ask();
    expect(
      limited
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe(MONTHLY_LIMIT_TEXT);
    expect(limited.find((e) => e.type === 'done')).toMatchObject({ answered: false, limited: true, tokens: 0 });
    const after = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: owner.cookie } })).json();
    expect(after.isOverTokenLimit).toBe(true);
    expect(after.tokens.used).toBe(before.tokens.used + 100_000);
  });
});
