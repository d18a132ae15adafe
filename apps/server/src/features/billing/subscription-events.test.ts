import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizations, organizationSubscriptions } from '../../db/schema/index';
import { describeEachDatabase } from '../../test/harness';
import { WEBHOOK_SECRET, customerWithOrganization, ensureProTier, postWebhook, signedEvent, stripeSubscription } from './test-support';

const now = () => Math.floor(Date.now() / 1000);

const subscription = (organizationId: string, id: string, overrides: Record<string, unknown> = {}) => stripeSubscription(organizationId, { id, ...overrides });

describeEachDatabase(
  'billing webhooks delivered out of order',
  (ctx) => {
    const stored = async (id: string) =>
      (await ctx().database.db.select().from(organizationSubscriptions).where(eq(organizationSubscriptions.providerSubscriptionId, id)))[0]!;
    const tierOf = async (organizationId: string) =>
      (await ctx().database.db.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, organizationId)))[0]!.tier;

    it('an "updated" that arrives after "deleted" does not revive the subscription, even with a later time', async () => {
      const c = ctx();
      await ensureProTier(c);
      const customer = await customerWithOrganization(c);
      const id = `sub_order_${Math.random().toString(36).slice(2)}`;
      const t = now();
      expect(
        (await postWebhook(c, signedEvent('customer.subscription.created', subscription(customer.organizationId, id), { created: t - 100 }))).statusCode,
      ).toBe(200);
      const deleted = signedEvent('customer.subscription.deleted', subscription(customer.organizationId, id, { status: 'canceled', canceled_at: t }), {
        created: t,
      });
      expect((await postWebhook(c, deleted)).statusCode).toBe(200);
      expect(await tierOf(customer.organizationId)).toBe('free');

      // Stripe sent this update before the deletion; it is delivered after it.
      const late = await postWebhook(c, signedEvent('customer.subscription.updated', subscription(customer.organizationId, id), { created: t - 10 }));
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({ status: 'processed' });
      // Even one stamped later (the provider's clocks differ, or a replay) leaves it canceled.
      await postWebhook(c, signedEvent('customer.subscription.updated', subscription(customer.organizationId, id), { created: t + 10 }));
      const row = await stored(id);
      expect(row.status).toBe('canceled');
      expect(row.lastEventAt?.getTime()).toBe(t * 1000);
      expect(await tierOf(customer.organizationId)).toBe('free');
    });

    it('an older "updated" arriving after a newer one is skipped', async () => {
      const c = ctx();
      await ensureProTier(c);
      const customer = await customerWithOrganization(c);
      const id = `sub_order_${Math.random().toString(36).slice(2)}`;
      const t = now();
      await postWebhook(c, signedEvent('customer.subscription.created', subscription(customer.organizationId, id), { created: t - 100 }));
      await postWebhook(c, signedEvent('customer.subscription.updated', subscription(customer.organizationId, id, { status: 'past_due' }), { created: t }));
      await postWebhook(
        c,
        signedEvent('customer.subscription.updated', subscription(customer.organizationId, id, { cancel_at_period_end: true }), { created: t - 50 }),
      );
      const row = await stored(id);
      expect(row).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: false });
      expect(row.lastEventAt?.getTime()).toBe(t * 1000);

      // A newer one applies.
      await postWebhook(c, signedEvent('customer.subscription.updated', subscription(customer.organizationId, id, { status: 'active' }), { created: t + 5 }));
      expect(await stored(id)).toMatchObject({ status: 'active' });
      const [live] = await c.database.db
        .select()
        .from(organizationSubscriptions)
        .where(and(eq(organizationSubscriptions.organizationId, customer.organizationId), eq(organizationSubscriptions.status, 'active')));
      expect(live!.providerSubscriptionId).toBe(id);
    });
  },
  { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
);
