import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CheckoutResult } from '@parley/shared/contracts/billing';
import { accountDeletions, organizations, organizationSubscriptions, sandboxEvents, users } from '../../db/schema/index';
import { createMailer } from '../../providers/email/mailer';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { createTeam, inOrganization } from '../../test/teams';
import { sweepDueDeletions } from '../account-deletion/job';
import { SUBSCRIPTION_NOT_CANCELLED } from './end-subscriptions';
import { customerWithOrganization, ensureProTier } from './test-support';

const DAY = 86_400_000;

/** A live Stripe subscription, while no Stripe key is configured: the provider cannot be reached to cancel it. */
const unreachableStripeSubscription = (c: TestContext, organizationId: string) =>
  c.database.db.insert(organizationSubscriptions).values({
    organizationId,
    provider: 'stripe',
    providerSubscriptionId: `sub_unreachable_${Math.random().toString(36).slice(2)}`,
    tier: 'pro',
    status: 'active',
    amountCents: 4900,
  });

describeEachDatabase('deleting an organization or an account ends its paid plan first', (ctx) => {
  it('deleting an organization cancels its sandbox subscription at the provider', async () => {
    const c = ctx();
    await ensureProTier(c);
    const team = await createTeam(c, 'Paying Team');
    const headers = inOrganization(team.owner, team.organizationId);
    const started = await c.app.inject({ method: 'POST', url: '/api/billing/subscription/checkout', headers, payload: { tier: 'pro', interval: 'month' } });
    const sessionId = new URL((started.json() as CheckoutResult).url!).pathname.split('/').pop()!;
    const paid = await c.app.inject({
      method: 'POST',
      url: `/api/billing/sandbox/checkout/${sessionId}/pay`,
      headers,
      payload: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'Ada Lovelace' },
    });
    expect(paid.json()).toMatchObject({ status: 'complete' });
    const [subscription] = await c.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, team.organizationId));

    const deleted = await c.app.inject({ method: 'DELETE', url: '/api/organizations/current', headers, payload: { confirmName: 'Paying Team' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ended = (await c.database.db.select().from(sandboxEvents).where(eq(sandboxEvents.type, 'customer.subscription.deleted'))).filter((e) =>
      e.payload.includes(subscription!.providerSubscriptionId),
    );
    expect(ended).toHaveLength(1);
    expect(await c.database.db.select().from(organizations).where(eq(organizations.id, team.organizationId))).toHaveLength(0);
  });

  it('a provider that cannot cancel blocks the deletion of the organization with a clear message', async () => {
    const c = ctx();
    const team = await createTeam(c, 'Stuck Team');
    await unreachableStripeSubscription(c, team.organizationId);
    const refused = await c.app.inject({
      method: 'DELETE',
      url: '/api/organizations/current',
      headers: inOrganization(team.owner, team.organizationId),
      payload: { confirmName: 'Stuck Team' },
    });
    expect(refused.statusCode).toBe(503);
    expect((refused.json() as { message: string }).message).toBe(SUBSCRIPTION_NOT_CANCELLED);
    expect(await c.database.db.select().from(organizations).where(eq(organizations.id, team.organizationId))).toHaveLength(1);
  });

  it('an account whose organization pays is not deleted while its subscription cannot be cancelled', async () => {
    const c = ctx();
    const customer = await customerWithOrganization(c);
    await unreachableStripeSubscription(c, customer.organizationId);
    const asked = await c.app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      headers: { cookie: customer.cookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const deps = { db: c.database.db, jobs: null, mailer: createMailer(c.config, c.database.db, c.app.log), log: c.app.log, billing: c.app.billing };
    const due = await sweepDueDeletions(deps, new Date(Date.now() + 15 * DAY));
    expect(due).toHaveLength(1);
    expect(await c.database.db.select().from(users).where(eq(users.id, customer.userId))).toHaveLength(1);
    expect(await c.database.db.select().from(organizations).where(eq(organizations.id, customer.organizationId))).toHaveLength(1);
    const [request] = await c.database.db.select().from(accountDeletions).where(eq(accountDeletions.id, due[0]!));
    expect(request!.status).toBe('scheduled');
  });
});
