import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { invoices } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { WEBHOOK_SECRET, customerWithOrganization, postWebhook, signedEvent } from '../billing/test-support';

describeEachDatabase(
  'admin revenue is counted before tax',
  (ctx) => {
    it("a paid invoice's tax is stored and left out of revenue", async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const admin = await createAdmin(c, 'system_admin');
      const now = Math.floor(Date.now() / 1000);
      const invoice = {
        id: 'in_taxed_1',
        object: 'invoice',
        number: 'TAX-0001',
        customer: `cus_test_${customer.organizationId.slice(0, 8)}`,
        status: 'paid',
        subtotal: 4900,
        total: 5390,
        amount_due: 5390,
        amount_paid: 5390,
        total_taxes: [{ amount: 490, tax_behavior: 'exclusive', taxable_amount: 4900 }],
        currency: 'usd',
        created: now,
        status_transitions: { paid_at: now },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_taxed_1', metadata: { organization_id: customer.organizationId } } },
        metadata: { organization_id: customer.organizationId },
      };
      expect((await postWebhook(c, signedEvent('invoice.paid', invoice))).json()).toMatchObject({ status: 'processed' });
      const [stored] = await c.database.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_taxed_1'));
      expect(stored).toMatchObject({ amountCents: 5390, taxCents: 490 });
      // An invoice of the older API shape carries its tax in total_tax_amounts.
      const older = { ...invoice, id: 'in_taxed_2', number: 'TAX-0002', total_taxes: undefined, total_tax_amounts: [{ amount: 490 }] };
      await postWebhook(c, signedEvent('invoice.paid', older));

      const get = (url: string) => c.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect((await get('/api/admin/billing/analytics')).json()).toMatchObject({ revenue30dCents: 9800 });
      const months = (await get('/api/admin/billing/revenue?months=1')).json() as { months: { subscriptionRevenueCents: number }[] };
      expect(months.months[0]!.subscriptionRevenueCents).toBe(9800);
    });
  },
  { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
);
