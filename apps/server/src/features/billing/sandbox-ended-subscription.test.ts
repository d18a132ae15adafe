import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CheckoutResult } from '@parley/shared/contracts/billing';
import { billingEvents, billingSettings, invoices, organizationSubscriptions, sandboxInvoices } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { readBillingSettings } from '../../services/billing-settings';
import { customerWithOrganization, ensureProTier } from './test-support';

describeEachDatabase('sandbox renewals after a subscription ended', (ctx) => {
  it('a failed invoice of a canceled subscription is neither retried by the renewal clock nor by an admin', async () => {
    const c = ctx();
    await ensureProTier(c);
    await readBillingSettings(c.database.db);
    await c.database.db.update(billingSettings).set({ trialDays: 0 }).where(eq(billingSettings.id, 1));
    const customer = await customerWithOrganization(c);
    const admin = await createAdmin(c, 'system_admin');
    const started = await c.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/checkout',
      headers: { cookie: customer.cookie },
      payload: { tier: 'pro', interval: 'month' },
    });
    const sessionId = new URL((started.json() as CheckoutResult).url!).pathname.split('/').pop()!;
    // Card 0341: the first payment succeeds, every later charge fails.
    const paid = await c.app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/checkout/${sessionId}/pay`,
      headers: { cookie: customer.cookie },
      payload: { cardNumber: '4000000000000341', expiry: '12/39', cvc: '123', name: 'Ada Lovelace' },
    });
    expect(paid.json()).toMatchObject({ status: 'complete' });
    const advance = (seconds: number) =>
      c.app.inject({ method: 'POST', url: '/api/admin/billing/sandbox/clock', headers: { cookie: admin.cookie }, payload: { seconds } });
    expect((await advance(32 * 86400)).json()).toMatchObject({ renewed: 1, failed: 1 });

    const [subscription] = await c.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, customer.organizationId));
    await (await c.app.billing.providerNamed('sandbox')).cancelNow(subscription!.providerSubscriptionId, { prorate: false });
    const [failed] = await c.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, customer.organizationId), eq(invoices.status, 'failed')));
    expect(failed).toBeDefined();

    const retry = await c.app.inject({
      method: 'POST',
      url: `/api/admin/billing/invoices/${failed!.id}/retry`,
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(retry.statusCode).toBe(409);
    expect((retry.json() as { message: string }).message).toBe('This invoice belongs to a subscription that has ended; it is not charged again.');

    // The scheduled retries come and go: nothing is charged.
    expect((await advance(10 * 86400)).json()).toMatchObject({ renewed: 0, failed: 0 });
    const [stored] = await c.database.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, failed!.providerInvoiceId));
    expect(stored).toMatchObject({ attemptCount: 1, status: 'open' });
    const failures = await c.database.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.organizationId, customer.organizationId), eq(billingEvents.eventType, 'invoice.payment_failed')));
    expect(failures).toHaveLength(1);
  });
});
