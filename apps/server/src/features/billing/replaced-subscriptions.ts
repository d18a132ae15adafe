import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { organizationSubscriptions } from '../../db/schema/index';
import type { ProviderName } from '../../providers/payments/types';
import type { BillingContext } from './context';

/**
 * An organization pays for one plan. Two checkouts opened side by side (two tabs, or a plan bought in Stripe's
 * dashboard) can each end in a live subscription; when the newer one becomes active, the older ones are cancelled
 * at the provider with the unused time credited. The cancellation is a durable job stored in the webhook event's
 * transaction (decisions/0026-background-jobs.md): a crash after the event commits still cancels, and the job is idempotent.
 */
export const REPLACED_SUBSCRIPTION_QUEUE = 'billing-cancel-replaced-subscription';

export interface ReplacedSubscription {
  provider: ProviderName;
  subscriptionId: string;
  /** The subscription that replaces it (same provider). */
  replacedBy: string;
}

const LIVE = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'] as const;

type Reader = Pick<Db, 'select'>;

/** The organization's live subscriptions created before `current`: the ones it replaces. */
export async function subscriptionsReplacedBy(
  tx: Reader,
  current: { id: string; organizationId: string; provider: ProviderName; providerSubscriptionId: string; createdAt: Date },
): Promise<ReplacedSubscription[]> {
  const older = await tx
    .select({ provider: organizationSubscriptions.provider, subscriptionId: organizationSubscriptions.providerSubscriptionId })
    .from(organizationSubscriptions)
    .where(
      and(
        eq(organizationSubscriptions.organizationId, current.organizationId),
        ne(organizationSubscriptions.id, current.id),
        inArray(organizationSubscriptions.status, [...LIVE]),
        lt(organizationSubscriptions.createdAt, current.createdAt),
      ),
    );
  return older.map((row) => ({ provider: row.provider, subscriptionId: row.subscriptionId, replacedBy: current.providerSubscriptionId }));
}

/**
 * The job: cancels one replaced subscription at its provider, prorated. Nothing happens when it has ended already
 * (a second run, or the customer cancelled it), or when the subscription replacing it has itself ended meanwhile
 * (the customer would be left with no plan).
 */
export async function cancelReplacedSubscription(billing: BillingContext, job: ReplacedSubscription, log?: FastifyBaseLogger): Promise<'canceled' | 'skipped'> {
  const { db } = billing;
  const status = async (subscriptionId: string) =>
    (
      await db
        .select({ status: organizationSubscriptions.status })
        .from(organizationSubscriptions)
        .where(and(eq(organizationSubscriptions.provider, job.provider), eq(organizationSubscriptions.providerSubscriptionId, subscriptionId)))
    )[0]?.status;
  const [old, replacing] = [await status(job.subscriptionId), await status(job.replacedBy)];
  if (!old || old === 'canceled' || replacing === 'canceled') return 'skipped';
  const provider = await billing.providerNamed(job.provider, log);
  const { alreadyEnded } = await provider.cancelNow(job.subscriptionId, { prorate: true });
  return alreadyEnded ? 'skipped' : 'canceled';
}

/** Without a job queue (tools, tests without background work) the cancellations run right after the event commits. */
export async function cancelReplacedNow(billing: BillingContext, jobs: ReplacedSubscription[], log: FastifyBaseLogger = billing.log): Promise<void> {
  for (const job of jobs) {
    try {
      await cancelReplacedSubscription(billing, job, log);
    } catch (error) {
      log.error({ err: error, ...job }, 'replaced subscription not cancelled');
    }
  }
}
