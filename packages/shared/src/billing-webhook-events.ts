/**
 * The seven webhook events to configure at the payment provider (spec part 2 §2 Configuration tab), all handled by
 * POST /api/webhooks/stripe. A token purchase arrives as checkout.session.completed in payment mode.
 */
export const BILLING_WEBHOOK_EVENTS = [
  { type: 'checkout.session.completed', description: 'Checkout completed: starts a subscription, or credits a token purchase once' },
  { type: 'customer.subscription.created', description: 'Subscription created: the organization moves to the tier' },
  { type: 'customer.subscription.updated', description: 'Subscription updated: tier, status (past due, unpaid), renewal or cancellation at period end' },
  { type: 'customer.subscription.deleted', description: 'Subscription ended: the organization returns to the free tier' },
  { type: 'invoice.paid', description: 'Invoice paid: recorded with its PDF link' },
  { type: 'invoice.payment_succeeded', description: 'Payment succeeded (older API name of invoice.paid)' },
  { type: 'invoice.payment_failed', description: 'Payment failed: the invoice is marked and counts towards the payment-failure alerts' },
] as const;
