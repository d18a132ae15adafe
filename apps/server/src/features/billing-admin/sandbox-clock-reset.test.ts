import { expect, it } from 'vitest';
import type { BillingAnalytics, RevenueResponse } from '@parley/shared/contracts/billing-admin';
import type { CheckoutResult, SandboxClockReset, SandboxClockState } from '@parley/shared/contracts/billing';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { createTokenPackage, customerWithOrganization, ensureProTier } from '../billing/test-support';

const DAY = 86_400;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Clock Tester' };
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

// Its own database: the figures are the installation's as a whole, so only this test's billing may be in them.
describeEachDatabase('sandbox clock reset and the admin revenue figures', (ctx) => {
  it('the clock goes back to real time; Analytics, Revenue, Customers, Subscriptions and the dashboard agree before and after', async () => {
    const c = ctx();
    await ensureProTier(c);
    const customer = await customerWithOrganization(c);
    const admin = await createAdmin(c, 'system_admin');
    const as = (cookie: string) => ({
      get: async <T>(url: string) => {
        const response = await c.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json() as T;
      },
      send: (method: 'POST' | 'DELETE', url: string, payload?: object) => c.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }),
    });
    const owner = as(customer.cookie);
    const staff = as(admin.cookie);
    const pay = async (url: string) => {
      const paid = await owner.send('POST', `/api/billing/sandbox/checkout/${sessionIdOf(url)}/pay`, card);
      expect(paid.json(), paid.body).toMatchObject({ status: 'complete' });
    };

    // A $15 token pack now, and Pro monthly (a 14-day trial, then $49 a month).
    const pack = await createTokenPackage(c, 50_000, 1500);
    await pay(((await owner.send('POST', '/api/billing/tokens/checkout', { packageId: pack.id })).json() as { url: string }).url);
    await pay(((await owner.send('POST', '/api/billing/subscription/checkout', { tier: 'pro', interval: 'month' })).json() as CheckoutResult).url!);

    // The clock moves past the trial (the first $49 is charged 14 days on), the owner cancels at period end, and the
    // clock moves past that period too (canceled about 44 days on).
    expect((await staff.send('POST', '/api/admin/billing/sandbox/clock', { seconds: 15 * DAY })).json()).toMatchObject({ renewed: 1, failed: 0 });
    expect((await owner.send('POST', '/api/billing/subscription/cancel', { cancelAtPeriodEnd: true })).statusCode).toBe(200);
    expect((await staff.send('POST', '/api/admin/billing/sandbox/clock', { seconds: 31 * DAY })).json()).toMatchObject({ canceled: 1 });
    expect(await staff.get<SandboxClockState>('/api/admin/billing/sandbox/clock')).toMatchObject({ offsetSeconds: 46 * DAY });

    /** Every revenue and MRR figure of the admin side, each from its own route. */
    const figures = async () => {
      const analytics = await staff.get<BillingAnalytics>('/api/admin/billing/analytics');
      const revenue = await staff.get<RevenueResponse>('/api/admin/billing/revenue?months=12');
      const customers = await staff.get<{ items: { totalSpentCents: number; mrrCents: number }[] }>('/api/admin/billing/customers?pageSize=100');
      const subscriptions = await staff.get<{ items: { mrrCents: number }[] }>('/api/admin/billing/subscriptions?pageSize=100');
      const dashboard = await staff.get<{ monthlyRevenue: number }>('/api/admin/stats');
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      return {
        analyticsRevenue30d: analytics.revenue30dCents,
        dashboardRevenue30d: Math.round(dashboard.monthlyRevenue * 100),
        revenueTabTotal: sum(revenue.months.map((m) => m.revenueCents)),
        customersTotalSpent: sum(customers.items.map((i) => i.totalSpentCents)),
        analyticsMrr: analytics.mrrCents,
        revenueTabMrrNow: revenue.months.at(-1)!.mrrCents,
        customersMrr: sum(customers.items.map((i) => i.mrrCents)),
        subscriptionsMrr: sum(subscriptions.items.map((i) => i.mrrCents)),
      };
    };

    // While the clock is ahead, every tab reads the sandbox's time: the $49 renewal has been paid, the plan has ended.
    const ahead = await figures();
    expect(ahead).toMatchObject({
      revenueTabTotal: 6400,
      customersTotalSpent: 6400,
      analyticsMrr: 0,
      revenueTabMrrNow: 0,
      customersMrr: 0,
      subscriptionsMrr: 0,
    });
    // 46 days on, both payments are older than 30 days.
    expect(ahead).toMatchObject({ analyticsRevenue30d: 0, dashboardRevenue30d: 0 });

    // Only a system admin resets the clock.
    expect((await owner.send('DELETE', '/api/admin/billing/sandbox/clock')).statusCode).toBe(403);
    const reset = await staff.send('DELETE', '/api/admin/billing/sandbox/clock');
    expect(reset.statusCode, reset.body).toBe(200);
    const body = reset.json() as SandboxClockReset;
    expect(body).toMatchObject({ offsetSeconds: 0, previousOffsetSeconds: 46 * DAY });
    expect(Math.abs(new Date(body.now).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await staff.get<SandboxClockState>('/api/admin/billing/sandbox/clock')).toMatchObject({ offsetSeconds: 0 });

    // Back at real time: the renewal and the cancellation are dated after now, so no tab counts them yet; the token
    // pack bought today is the money on every tab, and nothing is in MRR (the plan is canceled) on any.
    const after = await figures();
    expect(after).toEqual({
      analyticsRevenue30d: 1500,
      dashboardRevenue30d: 1500,
      revenueTabTotal: 1500,
      customersTotalSpent: 1500,
      analyticsMrr: 0,
      revenueTabMrrNow: 0,
      customersMrr: 0,
      subscriptionsMrr: 0,
    });

    // The clock moves on again from real time; a second reset says it was 1 day ahead.
    expect((await staff.send('POST', '/api/admin/billing/sandbox/clock', { seconds: DAY })).json()).toMatchObject({ offsetSeconds: DAY, renewed: 0 });
    expect((await staff.send('DELETE', '/api/admin/billing/sandbox/clock')).json()).toMatchObject({ previousOffsetSeconds: DAY, offsetSeconds: 0 });
  });
});
