import type { Config } from '../../../config';
import type { sandboxCheckoutSessions, sandboxInvoices, sandboxSubscriptions } from '../../../db/schema/index';
import { unix } from './ids';

/** The sandbox's objects in Stripe's shapes (current API: periods on the items, the invoice's subscription under parent). */

type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
type InvoiceRow = typeof sandboxInvoices.$inferSelect;
type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

export const sandboxPriceId = (tier: string, interval: 'month' | 'year') => `price_sandbox_${tier}_${interval}`;

export function subscriptionObject(sub: SubscriptionRow) {
  const metadata = { organization_id: sub.organizationId, tier: sub.tier, interval: sub.interval };
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customerId,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: unix(sub.canceledAt),
    trial_end: sub.status === 'trialing' ? unix(sub.currentPeriodEnd) : null,
    created: unix(sub.createdAt),
    metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.slice('sub_'.length)}`,
          object: 'subscription_item',
          current_period_start: unix(sub.currentPeriodStart),
          current_period_end: unix(sub.currentPeriodEnd),
          price: {
            id: sandboxPriceId(sub.tier, sub.interval),
            object: 'price',
            unit_amount: sub.amountCents,
            currency: sub.currency,
            recurring: { interval: sub.interval },
          },
        },
      ],
    },
  };
}

export const sandboxInvoicePdfUrl = (config: Config, invoiceId: string) => `${config.publicUrl}/api/billing/sandbox/invoices/${invoiceId}/pdf`;

export function invoiceObject(config: Config, invoice: InvoiceRow) {
  const metadata = { organization_id: invoice.organizationId };
  return {
    id: invoice.id,
    object: 'invoice',
    number: invoice.number,
    customer: invoice.customerId,
    customer_email: invoice.customerEmail,
    status: invoice.status,
    amount_due: invoice.amountCents,
    amount_paid: invoice.status === 'paid' ? invoice.amountCents : 0,
    total: invoice.amountCents,
    subtotal: invoice.subtotalCents,
    total_taxes: invoice.taxCents === 0 ? [] : [{ amount: invoice.taxCents, tax_behavior: 'exclusive', taxable_amount: invoice.subtotalCents }],
    currency: invoice.currency,
    description: invoice.description,
    attempt_count: invoice.attemptCount,
    next_payment_attempt: unix(invoice.nextAttemptAt),
    due_date: unix(invoice.dueAt),
    created: unix(invoice.createdAt),
    invoice_pdf: sandboxInvoicePdfUrl(config, invoice.id),
    hosted_invoice_url: null,
    status_transitions: { paid_at: unix(invoice.paidAt) },
    parent: invoice.subscriptionId ? { type: 'subscription_details', subscription_details: { subscription: invoice.subscriptionId, metadata } } : null,
    metadata,
    lines: { object: 'list', data: [{ description: invoice.description }] },
  };
}

export function checkoutSessionObject(
  session: SessionRow,
  customerId: string,
  extra: { subscriptionId: string | null; invoiceId: string | null; paymentIntent: string; /** The invoice's total, tax included. */ amountTotal: number },
) {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: 'complete',
    payment_status: 'paid',
    customer: customerId,
    customer_email: session.customerEmail,
    customer_details: { email: session.customerEmail },
    subscription: extra.subscriptionId,
    invoice: extra.invoiceId,
    payment_intent: session.mode === 'payment' ? extra.paymentIntent : null,
    amount_total: extra.amountTotal,
    currency: session.currency,
    client_reference_id: session.organizationId,
    metadata: {
      organization_id: session.organizationId,
      ...(session.userId ? { user_id: session.userId } : {}),
      kind: session.mode === 'payment' ? 'token_purchase' : 'subscription',
      ...(session.tier ? { tier: session.tier, interval: session.interval ?? 'month' } : {}),
      ...(session.tokenPackageId ? { token_package_id: session.tokenPackageId } : {}),
      ...(session.tokens ? { tokens: String(session.tokens) } : {}),
    },
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
  };
}
