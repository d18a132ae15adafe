import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import type { CreditHistory } from '@parley/shared/contracts/token-credits';
import type { UsageResponse } from '@parley/shared/contracts/usage';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizations, organizationUsageMonths, subscriptionTierLimits, tokenCredits, tokenPurchases, usageLedger } from '../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../test/harness';
import { applyBillingEvent } from '../features/billing/event-handlers';
import { meterTokens } from '../features/usage/metering';
import { creditTokens, tokenBalance } from './token-ledger';

/** A signed-in owner whose organization is on a tier of its own with `limit` tokens a month, and a chatbot. */
async function customerOnTier(c: TestContext, limit: number) {
  const owner = await createSignedInUser(c);
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Ledger bot' } })).json() as {
    id: string;
    organizationId: string;
  };
  const tier = `ledger-${randomUUID().slice(0, 8)}`;
  await c.database.db.insert(subscriptionTierLimits).values({ tier, displayName: 'Small', monthlyTokenLimit: limit, maxChatbots: 3 });
  await c.database.db.update(organizations).set({ tier }).where(eq(organizations.id, bot.organizationId));
  return { ...owner, organizationId: bot.organizationId, chatbotId: bot.id, tier };
}

const meter = (c: TestContext, organizationId: string, tokens: number, limit: number) =>
  c.database.db.transaction((tx) => meterTokens(tx, { organizationId, rows: [{ tokenType: 'input', tokens }], limit, reference: `test-use:${randomUUID()}` }));

const history = async (c: TestContext, cookie: string, query = '') =>
  (await c.app.inject({ method: 'GET', url: `/api/usage/credit-history${query}`, headers: { cookie } })).json() as CreditHistory;

const usage = async (c: TestContext, cookie: string) => (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } })).json() as UsageResponse;

const monthUsed = async (c: TestContext, organizationId: string) =>
  Number(
    (
      await c.database.db
        .select({ total: sql<string>`coalesce(sum(${usageLedger.tokens}), 0)` })
        .from(usageLedger)
        .where(
          and(
            eq(usageLedger.organizationId, organizationId),
            sql`${usageLedger.createdAt} >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
          ),
        )
    )[0]?.total ?? 0,
  );

describeEachDatabase('one token ledger', (ctx) => {
  it('a purchase, the use past the allowance, and a plan change: every change is a row with its reason, and an upgrade gives nothing back', async () => {
    const c = ctx();
    const customer = await customerOnTier(c, 100_000);
    const { organizationId } = customer;
    // Over the limit, then a package is bought: the balance is the package's tokens, and the month's use past the
    // allowance from now on is taken from it as it happens.
    await meter(c, organizationId, 100_000, 100_000);
    expect(
      await creditTokens(c.database.db, {
        organizationId,
        tokens: 1_000_000,
        reason: 'purchase',
        reference: `purchase:test:${organizationId}`,
        detail: 'Million',
      }),
    ).toBe(true);
    const taken = await meter(c, organizationId, 20_000, 100_000);
    expect(taken).toMatchObject({ usedBefore: 100_000, usedAfter: 120_000, takenFromBalance: 20_000 });
    expect(await tokenBalance(c.database.db, organizationId)).toBe(980_000);

    // An upgrade to a plan whose allowance covers the month: the balance stays what it was, on every screen.
    const pro = `pro-${randomUUID().slice(0, 8)}`;
    await c.database.db.insert(subscriptionTierLimits).values({ tier: pro, displayName: 'Pro', monthlyTokenLimit: 1_000_000, maxChatbots: 10 });
    await c.database.db.update(organizations).set({ tier: pro }).where(eq(organizations.id, organizationId));
    expect((await usage(c, customer.cookie)).tokens.creditBalance).toBe(980_000);
    const tokens = (await c.app.inject({ method: 'GET', url: '/api/billing/tokens', headers: { cookie: customer.cookie } })).json() as {
      creditBalance: number;
    };
    expect(tokens.creditBalance).toBe(980_000);
    const subscription = (await c.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: customer.cookie } })).json() as {
      usage: { creditBalance: number };
    };
    expect(subscription.usage.creditBalance).toBe(980_000);

    // Within the new allowance nothing more is taken.
    expect((await meter(c, organizationId, 5_000, 1_000_000)).takenFromBalance).toBe(0);

    const page = await history(c, customer.cookie);
    expect(page.balance).toBe(980_000);
    expect(page.items.map((row) => [row.reason, row.tokens, row.balanceAfter])).toEqual([
      ['overage_taken', -20_000, 980_000],
      ['purchase', 1_000_000, 1_000_000],
    ]);
    expect(page.items[1]!.detail).toBe('Million');
  });

  it('a refund of a token package takes its tokens back as a refund row, once, and never below zero', async () => {
    const c = ctx();
    const customer = await customerOnTier(c, 100_000);
    const { organizationId } = customer;
    const [purchase] = await c.database.db
      .insert(tokenPurchases)
      .values({
        organizationId,
        packageName: 'Forty thousand',
        tokens: 40_000,
        amountCents: 4000,
        currency: 'usd',
        provider: 'sandbox',
        providerCheckoutId: `cs_refund_${randomUUID()}`,
        providerPaymentId: `pi_refund_${randomUUID()}`,
        status: 'paid',
      })
      .returning();
    await creditTokens(c.database.db, { organizationId, tokens: 40_000, reason: 'purchase', reference: `purchase:sandbox:${purchase!.providerCheckoutId}` });
    const refund = (amountRefunded: number) =>
      c.database.db.transaction((tx) =>
        applyBillingEvent(tx, 'sandbox', {
          id: `evt_${randomUUID()}`,
          type: 'charge.refunded',
          data: {
            object: {
              id: 'ch_1',
              payment_intent: purchase!.providerPaymentId,
              amount: 4000,
              amount_refunded: amountRefunded,
              refunded: amountRefunded === 4000,
            },
          },
        } as never),
      );
    // Half refunded: half the tokens; the same event again changes nothing.
    expect((await refund(2000)).outcome).toContain('20000 tokens taken');
    expect((await refund(2000)).outcome).toContain('0 tokens taken');
    expect(await tokenBalance(c.database.db, organizationId)).toBe(20_000);
    // 15,000 of the rest are used past the allowance; the full refund can take back only the 5,000 left.
    await meter(c, organizationId, 115_000, 100_000);
    expect(await tokenBalance(c.database.db, organizationId)).toBe(5_000);
    await refund(4000);
    expect(await tokenBalance(c.database.db, organizationId)).toBe(0);
    const [after] = await c.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.id, purchase!.id));
    expect(after!.status).toBe('refunded');
    expect((await history(c, customer.cookie)).items.map((row) => [row.reason, row.tokens])).toEqual([
      ['refund', -5_000],
      ['overage_taken', -15_000],
      ['refund', -20_000],
      ['purchase', 40_000],
    ]);
  });

  it('answers at the limit in parallel take exactly the month’s use past the allowance from the balance', async () => {
    const c = ctx();
    const limit = 1_000;
    const customer = await customerOnTier(c, limit);
    const { organizationId } = customer;
    await creditTokens(c.database.db, { organizationId, tokens: 100_000, reason: 'purchase', reference: `purchase:test:${organizationId}` });
    // One token short of the limit: every answer below is allowed, and all but the first part of one is past it.
    await c.database.db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: limit - 1 });
    const ask = (message: string) =>
      c.app.inject({ method: 'POST', url: `/api/chatbots/${customer.chatbotId}/test-chat`, headers: { cookie: customer.cookie }, payload: { message } });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(`Question number ${i + 1}: what do you know about rockets?`)));
    for (const answer of answers) {
      const done = answer.body
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent)
        .find((e) => e.type === 'done');
      expect(done).toMatchObject({ type: 'done' });
      expect((done as { tokens: number }).tokens).toBeGreaterThan(0);
    }
    const used = await monthUsed(c, organizationId);
    expect(used).toBeGreaterThan(limit);
    const taken = await c.database.db
      .select({ tokens: tokenCredits.tokens })
      .from(tokenCredits)
      .where(and(eq(tokenCredits.organizationId, organizationId), eq(tokenCredits.reason, 'overage_taken')));
    expect(taken).toHaveLength(6);
    expect(-taken.reduce((sum, row) => sum + row.tokens, 0)).toBe(used - limit);
    expect(await tokenBalance(c.database.db, organizationId)).toBe(100_000 - (used - limit));
    // The month's counter the metering locks is the ledger's sum.
    const [counter] = await c.database.db.select().from(organizationUsageMonths).where(eq(organizationUsageMonths.organizationId, organizationId));
    expect(counter!.tokens).toBe(used);
  });

  it('the balance history is paginated and for those who see billing', async () => {
    const c = ctx();
    const customer = await customerOnTier(c, 100_000);
    for (let i = 0; i < 3; i++)
      await creditTokens(c.database.db, {
        organizationId: customer.organizationId,
        tokens: 1000 * (i + 1),
        reason: 'referral_reward',
        reference: `referral:test:${randomUUID()}`,
      });
    const first = await history(c, customer.cookie, '?page=1&pageSize=2');
    const second = await history(c, customer.cookie, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, balance: 6000 });
    // Newest first; each row's balance is the one before it plus its own change. (Three credits made within the same
    // clock tick are ordered by id among themselves, the same way in the list and in the running balance.)
    const rows = [...first.items, ...second.items];
    expect(rows).toHaveLength(3);
    expect(rows[0]!.balanceAfter).toBe(6000);
    expect(rows[2]!.balanceAfter).toBe(rows[2]!.tokens);
    for (let i = 0; i < 2; i++) expect(rows[i]!.balanceAfter).toBe(rows[i + 1]!.balanceAfter + rows[i]!.tokens);
    expect(rows.map((row) => row.tokens).sort()).toEqual([1000, 2000, 3000]);
    expect((await c.app.inject({ method: 'GET', url: '/api/usage/credit-history?pageSize=500', headers: { cookie: customer.cookie } })).statusCode).toBe(400);
    expect((await c.app.inject({ method: 'GET', url: '/api/usage/credit-history' })).statusCode).toBe(401);
  });
});
