import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { organizationSubscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { LIVE_SUBSCRIPTION_STATUSES } from './checkout';
import type { BillingContext } from './context';

export const SUBSCRIPTION_NOT_CANCELLED =
  'The paid subscription could not be cancelled at the payment provider, so nothing was deleted. Try again in a few minutes.';

/**
 * Before organizations are deleted: their live subscriptions are cancelled at the provider (prorated), so nobody
 * goes on paying for an organization that no longer exists. A provider that cannot be reached blocks the deletion
 * (503 with SUBSCRIPTION_NOT_CANCELLED); what was already cancelled stays cancelled, and a second try goes on.
 */
export async function cancelSubscriptionsBeforeDeletion(
  billing: BillingContext,
  organizationIds: string[],
  log: FastifyBaseLogger = billing.log,
): Promise<number> {
  const { db } = billing;
  if (organizationIds.length === 0) return 0;
  const live = await db
    .select({ provider: organizationSubscriptions.provider, subscriptionId: organizationSubscriptions.providerSubscriptionId })
    .from(organizationSubscriptions)
    .where(and(inArray(organizationSubscriptions.organizationId, organizationIds), inArray(organizationSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
  for (const subscription of live) {
    try {
      await (await billing.providerNamed(subscription.provider, log)).cancelNow(subscription.subscriptionId, { prorate: true });
    } catch (error) {
      log.error({ err: error, ...subscription }, 'subscription not cancelled before a deletion');
      throw new AppError('SERVICE_UNAVAILABLE', SUBSCRIPTION_NOT_CANCELLED);
    }
    // The provider's "deleted" event may come later (Stripe) or not be placed once the organization is gone.
    await db
      .update(organizationSubscriptions)
      .set({ status: 'canceled', canceledAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(organizationSubscriptions.provider, subscription.provider), eq(organizationSubscriptions.providerSubscriptionId, subscription.subscriptionId)),
      );
  }
  return live.length;
}
