import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tokenPurchases } from '../../db/schema/index';
import { describeEachDatabase } from '../../test/harness';
import { WEBHOOK_SECRET, customerWithOrganization, postWebhook, signedEvent } from './test-support';

describeEachDatabase(
  'checkout.session.expired',
  (ctx) => {
    it('marks the pending token purchase of the checkout expired, and leaves a paid one alone', async () => {
      const c = ctx();
      const customer = await customerWithOrganization(c);
      const purchase = (checkoutId: string, status: 'pending' | 'paid') => ({
        organizationId: customer.organizationId,
        packageName: 'Pack',
        tokens: 10_000,
        amountCents: 500,
        provider: 'stripe' as const,
        providerCheckoutId: checkoutId,
        status,
      });
      await c.database.db.insert(tokenPurchases).values([purchase('cs_expiring_1', 'pending'), purchase('cs_paid_1', 'paid')]);
      const expire = (id: string) =>
        postWebhook(
          c,
          signedEvent('checkout.session.expired', { id, object: 'checkout.session', mode: 'payment', status: 'expired', payment_status: 'unpaid' }),
        );

      expect((await expire('cs_expiring_1')).json()).toMatchObject({ status: 'processed' });
      expect((await expire('cs_paid_1')).json()).toMatchObject({ status: 'processed' });
      const statusOf = async (id: string) =>
        (await c.database.db.select({ status: tokenPurchases.status }).from(tokenPurchases).where(eq(tokenPurchases.providerCheckoutId, id)))[0]!.status;
      expect(await statusOf('cs_expiring_1')).toBe('expired');
      expect(await statusOf('cs_paid_1')).toBe('paid');
    });
  },
  { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
);
