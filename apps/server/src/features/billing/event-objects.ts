import { z } from 'zod';

/**
 * The parts of Stripe's objects the webhook handler reads, accepting both the current API shape (periods on the
 * subscription items, the invoice's subscription under parent.subscription_details) and the older one. The sandbox
 * sends the same shapes.
 */
const id = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((m) => m ?? {});
const unix = z.number().int().nullish();

export const subscriptionObject = z.object({
  id: z.string(),
  customer: id.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  canceled_at: unix,
  trial_end: unix,
  current_period_start: unix,
  current_period_end: unix,
  metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_start: unix,
          current_period_end: unix,
          price: z
            .object({
              id: z.string(),
              unit_amount: z.number().int().nullish(),
              currency: z.string().nullish(),
              recurring: z.object({ interval: z.string() }).nullish(),
            })
            .nullish(),
        }),
      ),
    })
    .nullish(),
});
export type SubscriptionObject = z.infer<typeof subscriptionObject>;

export const invoiceObject = z.object({
  id: z.string(),
  number: z.string().nullish(),
  customer: id.nullish(),
  customer_email: z.string().nullish(),
  status: z.string().nullish(),
  amount_due: z.number().int().nullish(),
  amount_paid: z.number().int().nullish(),
  total: z.number().int().nullish(),
  /** The tax: total_taxes (API 2025-03-31 and later), total_tax_amounts or tax (earlier versions). */
  total_taxes: z.array(z.object({ amount: z.number().int() })).nullish(),
  total_tax_amounts: z.array(z.object({ amount: z.number().int() })).nullish(),
  tax: z.number().int().nullish(),
  currency: z.string().nullish(),
  description: z.string().nullish(),
  attempt_count: z.number().int().nullish(),
  next_payment_attempt: unix,
  due_date: unix,
  created: unix,
  invoice_pdf: z.string().nullish(),
  hosted_invoice_url: z.string().nullish(),
  status_transitions: z.object({ paid_at: unix }).nullish(),
  subscription: id.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: id.nullish(), metadata: metadata }).nullish() }).nullish(),
  metadata,
  lines: z.object({ data: z.array(z.object({ description: z.string().nullish() })) }).nullish(),
});
export type InvoiceObject = z.infer<typeof invoiceObject>;

export const checkoutSessionObject = z.object({
  id: z.string(),
  mode: z.string(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  customer: id.nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  subscription: id.nullish(),
  payment_intent: id.nullish(),
  amount_total: z.number().int().nullish(),
  amount_subtotal: z.number().int().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata,
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionObject>;

/** A charge (charge.refunded): what of it was refunded, and the payment it belongs to. */
export const chargeObject = z.object({
  id: z.string(),
  payment_intent: id.nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  refunded: z.boolean().nullish(),
});

export const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The subscription an invoice belongs to, in either API shape. */
export const invoiceSubscriptionId = (invoice: InvoiceObject) => invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;

const sumOf = (amounts: { amount: number }[]) => amounts.reduce((total, t) => total + t.amount, 0);

/** The tax of an invoice, in whichever field its API version has it (0 when none). */
export const invoiceTaxCents = (invoice: InvoiceObject) =>
  invoice.total_taxes ? sumOf(invoice.total_taxes) : invoice.total_tax_amounts ? sumOf(invoice.total_tax_amounts) : (invoice.tax ?? 0);
