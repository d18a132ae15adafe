import { and, asc, eq, lt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CheckoutResult } from '@parley/shared/contracts/billing';
import { billingSettings, invoices, organizationSubscriptions } from '../../db/schema/index';
import { startJobQueue } from '../../jobs/queue';
import { describeEachDatabase } from '../../test/harness';
import { cancelReplacedSubscription, REPLACED_SUBSCRIPTION_QUEUE, type ReplacedSubscription } from './replaced-subscriptions';
import { readBillingSettings } from '../../services/billing-settings';
import { customerWithOrganization, ensureProTier } from './test-support';

const card = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'Ada Lovelace' };

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachDatabase('a second subscription replaces the first (no double billing)', (ctx) => {
  /** Two checkouts opened side by side (two tabs), both paid: the sandbox makes two live subscriptions, as Stripe would. */
  async function twoPaidCheckouts() {
    const c = ctx();
    await ensureProTier(c);
    await readBillingSettings(c.database.db);
    await c.database.db.update(billingSettings).set({ trialDays: 0 }).where(eq(billingSettings.id, 1));
    const customer = await customerWithOrganization(c);
    const open = async (interval: 'month' | 'year') => {
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/billing/subscription/checkout',
        headers: { cookie: customer.cookie },
        payload: { tier: 'pro', interval },
      });
      expect(response.statusCode, response.body).toBe(200);
      return new URL((response.json() as CheckoutResult).url!).pathname.split('/').pop()!;
    };
    const pay = async (sessionId: string) => {
      const response = await c.app.inject({
        method: 'POST',
        url: `/api/billing/sandbox/checkout/${sessionId}/pay`,
        headers: { cookie: customer.cookie },
        payload: card,
      });
      expect(response.json()).toMatchObject({ status: 'complete' });
    };
    const monthly = await open('month');
    const annual = await open('year');
    await pay(monthly);
    return { c, customer, payAnnual: () => pay(annual) };
  }
  const subscriptionsOf = (organizationId: string) =>
    ctx()
      .database.db.select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, organizationId))
      .orderBy(asc(organizationSubscriptions.createdAt));

  it('the older subscription is cancelled through a durable job stored with the event, with the unused time credited, once', async () => {
    const { c, customer, payAnnual } = await twoPaidCheckouts();
    const jobs = await startJobQueue(c.database, c.app.log);
    // This app has no background work: its billing events use this queue for the test.
    const appQueue = c.app.billing.jobs;
    c.app.billing.jobs = () => jobs;
    try {
      await payAnnual();
      // The job is stored with the event; nothing has cancelled the first subscription yet.
      const [first, second] = await subscriptionsOf(customer.organizationId);
      expect(first).toMatchObject({ interval: 'month', status: 'active' });
      expect(second).toMatchObject({ interval: 'year', status: 'active' });
      const stored = await c.database.executeSql(`SELECT data FROM pgboss.job WHERE name = $1 AND data->>'subscriptionId' = $2`, [
        REPLACED_SUBSCRIPTION_QUEUE,
        first!.providerSubscriptionId,
      ]);
      expect(stored.rows).toEqual([
        { data: { provider: 'sandbox', subscriptionId: first!.providerSubscriptionId, replacedBy: second!.providerSubscriptionId } },
      ]);

      await jobs.work<ReplacedSubscription>(REPLACED_SUBSCRIPTION_QUEUE, { pollingIntervalSeconds: 0.5 }, async (job) => {
        await cancelReplacedSubscription(c.app.billing, job.data);
      });
      await until(async () => (await subscriptionsOf(customer.organizationId))[0]!.status === 'canceled');
      const credits = () =>
        c.database.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.organizationId, customer.organizationId), lt(invoices.amountCents, 0)));
      await until(async () => (await credits()).length === 1);
      // Almost a whole month unused: about the monthly price is credited back.
      const [credit] = await credits();
      expect(credit!.amountCents).toBeLessThanOrEqual(-4800);
      expect(credit!.amountCents).toBeGreaterThanOrEqual(-4900);
      expect((await subscriptionsOf(customer.organizationId))[1]).toMatchObject({ status: 'active' });

      // Run again (a retried job): nothing more happens.
      expect(await cancelReplacedSubscription(c.app.billing, (stored.rows[0] as { data: ReplacedSubscription }).data)).toBe('skipped');
      expect(await credits()).toHaveLength(1);
    } finally {
      c.app.billing.jobs = appQueue;
      await jobs.stop();
    }
  });

  it('without a job queue the cancellation runs as soon as the event commits', async () => {
    const { customer, payAnnual } = await twoPaidCheckouts();
    await payAnnual();
    const [first, second] = await subscriptionsOf(customer.organizationId);
    expect(first).toMatchObject({ interval: 'month', status: 'canceled' });
    expect(second).toMatchObject({ interval: 'year', status: 'active' });
  });
});
