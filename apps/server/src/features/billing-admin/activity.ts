import { BILLING_LIST_SIZE, type BillingEventItem, type SubscriberItem } from '@parley/shared/contracts/billing-admin';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, subscribers } from '../../db/schema/index';
import { listInvoices } from './customers';

type EventRow = typeof billingEvents.$inferSelect;

export const toEventItem = (r: EventRow): BillingEventItem => ({
  id: r.id,
  eventType: r.eventType,
  stripeEventId: r.providerEventId,
  userId: r.userId,
  organizationId: r.organizationId,
  data: r.data,
  error: r.error,
  processingTimeMs: r.processingTimeMs,
  isTest: r.isTest,
  createdAt: r.createdAt.toISOString(),
});

/** Spec §7/§9: the latest 50 billing events. */
export async function recentBillingEvents(db: Db): Promise<BillingEventItem[]> {
  const rows = await db.select().from(billingEvents).orderBy(desc(billingEvents.createdAt), desc(billingEvents.id)).limit(BILLING_LIST_SIZE.events);
  return rows.map(toEventItem);
}

/** Spec §7/§9: 20 subscribers, most recently changed first. */
export async function recentSubscribers(db: Db): Promise<SubscriberItem[]> {
  const rows = await db.select().from(subscribers).orderBy(desc(subscribers.updatedAt), desc(subscribers.id)).limit(BILLING_LIST_SIZE.subscribers);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    subscribed: r.subscribed,
    tier: r.tier,
    stripeCustomerId: r.stripeCustomerId,
    stripeSubscriptionId: r.stripeSubscriptionId,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Spec §7/§9: the 20 newest invoices. */
export async function recentInvoices(db: Db) {
  return (await listInvoices(db, { page: 1, pageSize: BILLING_LIST_SIZE.invoices, status: 'all' })).items;
}
