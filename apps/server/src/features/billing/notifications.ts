import { NOTIFICATION_KIND } from '@parley/shared/contracts/notification-preferences';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, organizationSubscriptions, profiles, subscriptionTierLimits } from '../../db/schema/index';
import type { Mailer } from '../../providers/email/mailer';
import { userIdsThatWant } from '../notification-preferences/index';
import type { ProcessedBillingEvent } from './context';
import { readBillingSettings, type BillingSettingsRow } from '../../services/billing-settings';

/**
 * The customer's billing e-mails (decisions/0023-billing-settings.md), sent after a billing event was processed, by a
 * listener of the app's billing events (app.billing.onEventProcessed): it runs once per processed event, so a
 * redelivered event (a duplicate) e-mails no one again. Each kind is switched by the billing settings; the recipients
 * are the organization's active owners and admins who kept "Billing" e-mails on in their notification preferences.
 */

type Obj = Record<string, unknown>;
const asObj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {});
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const day = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : null);

export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** The admin's Webhook Tester marks its made-up objects with metadata.parley_test = 'true': nobody is e-mailed for them. */
function isTestObject(object: Obj): boolean {
  const metadata = asObj(object.metadata);
  const parentMetadata = asObj(asObj(asObj(object.parent).subscription_details).metadata);
  return metadata.parley_test === 'true' || parentMetadata.parley_test === 'true';
}

interface Message {
  kind: string;
  subject: string;
  text: string;
}

async function planName(db: Db, event: ProcessedBillingEvent, subscription: Obj): Promise<string> {
  const subscriptionId = str(subscription.id);
  const [mirrored] = subscriptionId
    ? await db
        .select({ tier: organizationSubscriptions.tier })
        .from(organizationSubscriptions)
        .where(and(eq(organizationSubscriptions.provider, event.provider), eq(organizationSubscriptions.providerSubscriptionId, subscriptionId)))
    : [];
  const tier = mirrored?.tier ?? str(asObj(subscription.metadata).tier) ?? 'paid';
  const [row] = await db.select({ name: subscriptionTierLimits.displayName }).from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, tier));
  return row?.name ?? tier;
}

/** The price of a subscription object's first item, e.g. "$49.00 per month". */
function subscriptionPrice(subscription: Obj): string | null {
  const items = asObj(subscription.items).data;
  const price = asObj(Array.isArray(items) ? asObj(items[0]).price : null);
  const amount = int(price.unit_amount);
  const currency = str(price.currency);
  if (amount === null || !currency) return null;
  return `${formatMoney(amount, currency)} per ${str(asObj(price.recurring).interval) ?? 'period'}`;
}

/** The message an event calls for under the settings, or null. */
async function messageFor(
  db: Db,
  publicUrl: string,
  settings: BillingSettingsRow,
  event: ProcessedBillingEvent,
  object: Obj,
  organizationName: string,
): Promise<Message | null> {
  const manage = `${publicUrl}/dashboard/subscription`;
  switch (event.eventType) {
    case 'customer.subscription.created': {
      if (!settings.notifyNewSubscription) return null;
      const plan = await planName(db, event, object);
      const price = subscriptionPrice(object);
      const trialEnd = object.status === 'trialing' ? day(int(object.trial_end)) : null;
      const lines = [
        `${organizationName} is now subscribed to the ${plan} plan${price ? ` (${price})` : ''}.`,
        ...(trialEnd ? [`It starts with a free trial until ${trialEnd}; nothing is charged before then.`] : []),
        '',
        `Manage the subscription: ${manage}`,
      ];
      return { kind: 'billing_subscription_created', subject: `Your ${plan} subscription has started`, text: `${lines.join('\n')}\n` };
    }
    case 'customer.subscription.deleted': {
      if (!settings.notifyCancellation) return null;
      const plan = await planName(db, event, object);
      const ended = day(int(object.canceled_at) ?? int(object.ended_at)) ?? day(Math.floor(Date.now() / 1000));
      const [org] = await db.select({ tier: organizations.tier }).from(organizations).where(eq(organizations.id, event.organizationId!));
      const [now] = await db
        .select({ name: subscriptionTierLimits.displayName })
        .from(subscriptionTierLimits)
        .where(eq(subscriptionTierLimits.tier, org?.tier ?? 'free'));
      const lines = [
        `The ${plan} subscription of ${organizationName} ended on ${ended}.`,
        `The organization is now on the ${now?.name ?? org?.tier ?? 'free'} plan.`,
        '',
        `Choose a plan: ${manage}`,
      ];
      return { kind: 'billing_subscription_canceled', subject: `Your ${plan} subscription has ended`, text: `${lines.join('\n')}\n` };
    }
    case 'invoice.payment_failed': {
      if (!settings.notifyPaymentFailed) return null;
      const number = str(object.number) ?? str(object.id) ?? 'invoice';
      const amount = formatMoney(int(object.amount_due) ?? int(object.total) ?? 0, str(object.currency) ?? settings.currency);
      const next = day(int(object.next_payment_attempt));
      const lines = [
        `We could not collect ${amount} for invoice ${number} of ${organizationName}.`,
        next ? `We will try again on ${next}.` : 'No further attempt is scheduled.',
        '',
        `Update the payment method: ${manage}`,
      ];
      return { kind: 'billing_payment_failed', subject: `Payment failed for invoice ${number}`, text: `${lines.join('\n')}\n` };
    }
    case 'invoice.paid': {
      if (!settings.autoSendInvoices) return null;
      const total = int(object.amount_paid) ?? int(object.total) ?? 0;
      // A trial's zero invoice is no receipt; the "subscription started" e-mail covers it.
      if (total <= 0) return null;
      const number = str(object.number) ?? str(object.id) ?? 'invoice';
      const amount = formatMoney(total, str(object.currency) ?? settings.currency);
      const link = str(object.invoice_pdf) ?? str(object.hosted_invoice_url) ?? `${publicUrl}/dashboard/subscription`;
      const lineItems = asObj(object.lines).data;
      const description = str(object.description) ?? str(asObj(Array.isArray(lineItems) ? lineItems[0] : null).description);
      const lines = [`Invoice ${number} of ${organizationName} for ${amount} is paid.${description ? ` ${description}.` : ''}`, '', `The invoice: ${link}`];
      return { kind: 'billing_invoice', subject: `Invoice ${number}: ${amount} paid`, text: `${lines.join('\n')}\n` };
    }
    default:
      return null;
  }
}

/** E-mails the organization's owners and admins about one processed billing event, as the billing settings say. Returns how many. */
export async function sendBillingEventEmails(deps: { db: Db; mailer: Mailer; publicUrl: string }, event: ProcessedBillingEvent): Promise<number> {
  const { db } = deps;
  if (event.status !== 'processed' || !event.organizationId) return 0;
  const object = asObj(asObj(event.data).object);
  if (isTestObject(object)) return 0;
  const settings = await readBillingSettings(db);
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, event.organizationId));
  if (!org) return 0;
  const message = await messageFor(db, deps.publicUrl, settings, event, object, org.name);
  if (!message) return 0;
  const members = await db
    .select({ userId: profiles.id, email: profiles.email })
    .from(organizationMembers)
    .innerJoin(profiles, eq(profiles.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, event.organizationId), inArray(organizationMembers.role, ['owner', 'admin']), eq(profiles.isActive, true)),
    );
  const wanted = new Set(
    await userIdsThatWant(
      db,
      members.map((m) => m.userId),
      NOTIFICATION_KIND.billing,
    ),
  );
  const recipients = members.filter((m) => wanted.has(m.userId));
  for (const { email } of recipients) await deps.mailer.send({ ...message, to: email });
  return recipients.length;
}

/**
 * "Cancel at period end" confirmed to the organization's active owners (whatever their notification preferences: it
 * confirms an action taken on their account), through the mailer (the outbox, and the e-mail job with SMTP). `key`
 * makes it once-only for one scheduling (two clicks at once send one e-mail). Returns how many were sent.
 */
export async function sendCancellationScheduledEmail(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  input: { organizationId: string; key: string; tier: string; currentPeriodEnd: Date | null },
): Promise<number> {
  const { db } = deps;
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, input.organizationId));
  if (!org) return 0;
  const names = await db
    .select({ tier: subscriptionTierLimits.tier, name: subscriptionTierLimits.displayName })
    .from(subscriptionTierLimits)
    .where(inArray(subscriptionTierLimits.tier, [input.tier, 'free']));
  const plan = names.find((row) => row.tier === input.tier)?.name ?? input.tier;
  const free = names.find((row) => row.tier === 'free')?.name ?? 'Free';
  const ends = input.currentPeriodEnd ? input.currentPeriodEnd.toISOString().slice(0, 10) : null;
  const lines = [
    `The ${plan} subscription of ${org.name} is set to cancel at the end of its current period.`,
    ends
      ? `It stays active until ${ends} and nothing more is charged. On that day the organization moves to the ${free} plan and its limits.`
      : `Nothing more is charged. When the period ends the organization moves to the ${free} plan and its limits.`,
    '',
    `Changed your mind? Resume the subscription before then: ${deps.publicUrl}/dashboard/subscription`,
  ];
  const owners = await db
    .select({ email: profiles.email })
    .from(organizationMembers)
    .innerJoin(profiles, eq(profiles.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, input.organizationId), eq(organizationMembers.role, 'owner'), eq(profiles.isActive, true)));
  for (const { email } of owners) {
    await deps.mailer.send({
      kind: 'billing_cancellation_scheduled',
      to: email,
      subject: ends ? `Your ${plan} subscription will end on ${ends}` : `Your ${plan} subscription will end`,
      text: `${lines.join('\n')}\n`,
      dedupeKey: `cancellation-scheduled:${input.key}:${email}`,
    });
  }
  return owners.length;
}
