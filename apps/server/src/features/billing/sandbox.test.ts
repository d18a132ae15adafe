import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CheckoutResult, InvoicePage, PayResult, SubscriptionOverview } from '@parley/shared/contracts/billing';
import { billingEvents, invoices, organizations, sandboxEvents } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { createTokenPackage, customerWithOrganization, ensureProTier } from './test-support';
import { pdfText } from '../../test/pdf-text';

const card = (cardNumber: string) => ({ cardNumber, expiry: '12/39', cvc: '123', name: 'Ada Lovelace' });
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describeEachDatabase('billing sandbox, end to end', (ctx) => {
  it('sign up, buy Pro through the sandbox checkout, limits rise; the clock moves, the renewal fails, the subscription is past_due', async () => {
    const c = ctx();
    await ensureProTier(c);
    const customer = await customerWithOrganization(c);
    const get = async <T>(url: string) => {
      const response = await c.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const before = await get<SubscriptionOverview>('/api/billing/subscription');
    expect(before).toMatchObject({ provider: 'sandbox', tier: { tier: 'free' }, limits: { maxChatbots: 3 }, subscription: null, canManage: true });

    const started = await c.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/checkout',
      headers: { cookie: customer.cookie },
      payload: { tier: 'pro', interval: 'month' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { url } = started.json() as CheckoutResult;
    expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/sandbox\/cs_sandbox_/);
    const sessionId = sessionIdOf(url!);
    const pay = (body: object, cookie = customer.cookie) =>
      c.app.inject({ method: 'POST', url: `/api/billing/sandbox/checkout/${sessionId}/pay`, headers: { cookie }, payload: body });

    // The session is the buyer's: someone else gets 404.
    const other = await customerWithOrganization(c);
    expect((await c.app.inject({ method: 'GET', url: `/api/billing/sandbox/checkout/${sessionId}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await pay(card('4242424242424242'), other.cookie)).statusCode).toBe(404);

    // Bad input: 400 with a message, nothing paid.
    const bad = await pay({ cardNumber: '1234', expiry: '13/20', cvc: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('16-digit');
    expect((await pay(card('5555555555554444'))).statusCode).toBe(400);
    expect((await pay({ ...card('4242424242424242'), expiry: '01/20' })).statusCode).toBe(400);

    // Declined, then paid with the card whose later charges fail.
    expect((await pay(card('4000 0000 0000 0002'))).json()).toMatchObject({ status: 'declined', message: 'Your card was declined.' });
    expect((await get<SubscriptionOverview>('/api/billing/subscription')).tier.tier).toBe('free');
    const paid = (await pay(card('4000 0000 0000 0341'))).json() as PayResult;
    expect(paid).toMatchObject({ status: 'complete', redirectUrl: 'http://localhost:3000/dashboard/subscription?checkout=success' });
    expect((await pay(card('4242424242424242'))).statusCode).toBe(409);

    const after = await get<SubscriptionOverview>('/api/billing/subscription');
    expect(after.tier.tier).toBe('pro');
    expect(after.limits).toMatchObject({ maxChatbots: 25, monthlyTokenLimit: 2_000_000 });
    // A first subscription starts with the billing settings' 14-day trial.
    expect(after.subscription).toMatchObject({ tier: 'pro', status: 'trialing', interval: 'month', cancelAtPeriodEnd: false });

    // The events went through the webhook handler, signed, recorded as the sandbox's.
    const events = await c.database.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.organizationId, customer.organizationId), eq(billingEvents.provider, 'sandbox')));
    expect(events.map((e) => e.eventType).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(events.every((e) => e.status === 'processed')).toBe(true);

    const firstInvoices = await get<InvoicePage>('/api/billing/invoices');
    expect(firstInvoices.items).toHaveLength(1);
    expect(firstInvoices.items[0]).toMatchObject({ status: 'paid', amountCents: 0, number: 'INV-1000' });
    const pdf = await c.app.inject({ method: 'GET', url: firstInvoices.items[0]!.pdfUrl!, headers: { cookie: customer.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf.rawPayload)).toContain('Invoice INV-1000');
    // Another organization cannot read it.
    expect((await c.app.inject({ method: 'GET', url: firstInvoices.items[0]!.pdfUrl!, headers: { cookie: other.cookie } })).statusCode).toBe(404);

    // The clock moves past the trial: the renewal charge fails (card 0341), the subscription is past_due.
    const admin = await createAdmin(c, 'system_admin');
    expect(
      (await c.app.inject({ method: 'POST', url: '/api/admin/billing/sandbox/clock', headers: { cookie: customer.cookie }, payload: { seconds: 60 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await c.app.inject({ method: 'POST', url: '/api/admin/billing/sandbox/clock', headers: { cookie: admin.cookie }, payload: { seconds: -5 } })).statusCode,
    ).toBe(400);
    const moved = await c.app.inject({
      method: 'POST',
      url: '/api/admin/billing/sandbox/clock',
      headers: { cookie: admin.cookie },
      payload: { seconds: 15 * 86400 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ renewed: 1, failed: 1 });

    const pastDue = await get<SubscriptionOverview>('/api/billing/subscription');
    expect(pastDue.subscription).toMatchObject({ status: 'past_due', failedPaymentCount: 1 });
    expect(pastDue.tier.tier).toBe('pro');
    const renewalInvoices = await get<InvoicePage>('/api/billing/invoices');
    expect(renewalInvoices.total).toBe(2);
    expect(renewalInvoices.items[0]).toMatchObject({ status: 'failed', amountCents: 4900, number: 'INV-1001' });

    // An admin retries the failed invoice (Pricing → Invoices → Retry): the same card fails again.
    const [failedInvoice] = await c.database.db.select().from(invoices).where(eq(invoices.number, 'INV-1001'));
    const retry = () =>
      c.app.inject({ method: 'POST', url: `/api/admin/billing/invoices/${failedInvoice!.id}/retry`, headers: { cookie: admin.cookie }, payload: {} });
    const again = await retry();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ paid: false, invoice: { status: 'failed' } });
    expect((await get<SubscriptionOverview>('/api/billing/subscription')).subscription).toMatchObject({ status: 'past_due' });

    // The owner replaces the card in the sandbox portal; the admin's retry is paid and the plan is active again.
    const newCard = await c.app.inject({
      method: 'PUT',
      url: '/api/billing/sandbox/portal/card',
      headers: { cookie: customer.cookie },
      payload: card('4242424242424242'),
    });
    expect(newCard.json()).toMatchObject({ cardLast4: '4242', failRenewals: false });
    const paidNow = await retry();
    expect(paidNow.json()).toMatchObject({ paid: true, invoice: { status: 'paid' } });
    // Paid once: the scheduled retry 3 days on finds nothing to charge, and a second admin retry is refused.
    await c.app.inject({ method: 'POST', url: '/api/admin/billing/sandbox/clock', headers: { cookie: admin.cookie }, payload: { seconds: 3 * 86400 + 60 } });
    expect((await retry()).statusCode).toBe(409);
    const recovered = await get<SubscriptionOverview>('/api/billing/subscription');
    expect(recovered.subscription).toMatchObject({ status: 'active', failedPaymentCount: 0 });
    expect((await get<InvoicePage>('/api/billing/invoices')).items[0]).toMatchObject({ status: 'paid', number: 'INV-1001' });

    // Every sandbox event was delivered.
    const undelivered = (await c.database.db.select().from(sandboxEvents)).filter((e) => !e.deliveredAt);
    expect(undelivered).toHaveLength(0);
  });

  it('buys a token package with the card that requires confirmation; cancel at period end ends the plan at renewal', async () => {
    const c = ctx();
    await ensureProTier(c);
    const customer = await customerWithOrganization(c);
    const pack = await createTokenPackage(c, 40_000, 1200);
    const started = await c.app.inject({
      method: 'POST',
      url: '/api/billing/tokens/checkout',
      headers: { cookie: customer.cookie },
      payload: { packageId: pack.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = sessionIdOf((started.json() as { url: string }).url);
    const action = await c.app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/checkout/${sessionId}/pay`,
      headers: { cookie: customer.cookie },
      payload: card('4000002500003155'),
    });
    expect(action.json()).toMatchObject({ status: 'requires_action' });
    const tokensBefore = await c.app.inject({ method: 'GET', url: '/api/billing/tokens', headers: { cookie: customer.cookie } });
    expect(tokensBefore.json()).toMatchObject({ creditBalance: 0, purchases: [{ status: 'pending', tokens: 40_000 }] });
    const confirmed = await c.app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/checkout/${sessionId}/confirm`,
      headers: { cookie: customer.cookie },
      payload: { approve: true },
    });
    expect(confirmed.json()).toMatchObject({ status: 'complete' });
    const tokens = await c.app.inject({ method: 'GET', url: '/api/billing/tokens', headers: { cookie: customer.cookie } });
    expect(tokens.json()).toMatchObject({ creditBalance: 40_000, purchases: [{ status: 'paid', tokens: 40_000 }] });

    // A plan, then cancel at period end: after the period the organization is back on free.
    const plan = await c.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/checkout',
      headers: { cookie: customer.cookie },
      payload: { tier: 'pro', interval: 'year' },
    });
    const planSession = sessionIdOf((plan.json() as CheckoutResult).url!);
    await c.app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/checkout/${planSession}/pay`,
      headers: { cookie: customer.cookie },
      payload: card('4242424242424242'),
    });
    const again = await c.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/checkout',
      headers: { cookie: customer.cookie },
      payload: { tier: 'pro', interval: 'year' },
    });
    expect(again.statusCode).toBe(409);
    const cancel = await c.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/cancel',
      headers: { cookie: customer.cookie },
      payload: { cancelAtPeriodEnd: true },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const overview = (
      await c.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: customer.cookie } })
    ).json() as SubscriptionOverview;
    expect(overview.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    const admin = await createAdmin(c, 'system_admin');
    await c.app.inject({ method: 'POST', url: '/api/admin/billing/sandbox/clock', headers: { cookie: admin.cookie }, payload: { seconds: 367 * 86400 } });
    const [org] = await c.database.db.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, customer.organizationId));
    expect(org!.tier).toBe('free');
  });
});
