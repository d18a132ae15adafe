/**
 * Billing health on the Payment-provider Integration Testing screen (spec part 2 §4, §8, §9): the score, its tone,
 * the payment-failure thresholds and badges, and the Webhook Tester's error messages. Pure functions: the server
 * computes the score with them and the web app draws the badges with them, so both read the same numbers.
 */

/** Spec §9: the score's rules. */
export const BILLING_HEALTH_RULES = {
  start: 100,
  paymentFailureLastHour: { pointsEach: 5, max: 30 },
  /** The share of past_due plus unpaid subscriptions (0..1) times this. */
  troubledSubscriptionWeight: 40,
  /** Webhook failure rate in percent: above 10 % costs 30, above 5 % costs 15. */
  webhookFailureRate: [
    { abovePercent: 10, points: 30 },
    { abovePercent: 5, points: 15 },
  ],
  /** Spec §9: 90 or more good, 70–89 warning, below 70 critical; Healthy at 90 or more, Degraded below (§4). */
  goodFrom: 90,
  warningFrom: 70,
} as const;

/** Spec §9: more than 3 payment failures in an hour raise an alert. */
export const PAYMENT_FAILURE_ALERT_PER_HOUR = 3;
/** Spec §9: the 24-hour failure badge turns destructive above 10. */
export const PAYMENT_FAILURE_DESTRUCTIVE_PER_DAY = 10;
/** Spec §9: more than 5 failed webhook events shows destructive. */
export const WEBHOOK_FAILURE_DESTRUCTIVE = 5;

export interface BillingHealthInput {
  /** Payment failures (invoice.payment_failed events) in the last hour. */
  paymentFailuresLastHour: number;
  /** Subscriptions by status; every row counts in the denominator of the past_due + unpaid share. */
  subscriptions: { total: number; pastDue: number; unpaid: number };
  /** Webhook events processed in the window, and how many of them failed. */
  webhooks: { total: number; failed: number };
}

export interface BillingHealthPenalty {
  key: 'payment_failures' | 'troubled_subscriptions' | 'webhook_failures';
  points: number;
  detail: string;
}

export type BillingHealthTone = 'good' | 'warning' | 'critical';
export type BillingHealthStatus = 'Healthy' | 'Degraded';

export function percentOf(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}

/** Spec §9: 100, minus 5 per failure in the last hour (at most 30), minus the troubled share × 40, minus 30 or 15 for webhook failures; floor 0. */
export function billingHealthScore(input: BillingHealthInput): { score: number; penalties: BillingHealthPenalty[] } {
  const r = BILLING_HEALTH_RULES;
  const penalties: BillingHealthPenalty[] = [];
  const failures = Math.max(0, input.paymentFailuresLastHour);
  const failurePoints = Math.min(r.paymentFailureLastHour.max, failures * r.paymentFailureLastHour.pointsEach);
  if (failurePoints > 0)
    penalties.push({
      key: 'payment_failures',
      points: failurePoints,
      detail: `${failures} payment failure${failures === 1 ? '' : 's'} in the last hour: −5 each, at most −30`,
    });

  const { total, pastDue, unpaid } = input.subscriptions;
  const troubledShare = total > 0 ? (pastDue + unpaid) / total : 0;
  const troubledPoints = troubledShare * r.troubledSubscriptionWeight;
  if (troubledPoints > 0)
    penalties.push({
      key: 'troubled_subscriptions',
      points: Math.round(troubledPoints * 100) / 100,
      detail: `${pastDue + unpaid} of ${total} subscriptions past due or unpaid: share × 40`,
    });

  const rate = percentOf(input.webhooks.failed, input.webhooks.total);
  const step = r.webhookFailureRate.find((s) => rate > s.abovePercent);
  if (step)
    penalties.push({
      key: 'webhook_failures',
      points: step.points,
      detail: `${rate}% of webhook events failed: above ${step.abovePercent}% costs ${step.points}`,
    });

  const raw = r.start - failurePoints - troubledPoints - (step?.points ?? 0);
  return { score: Math.max(0, Math.round(raw)), penalties };
}

export function billingHealthTone(score: number): BillingHealthTone {
  if (score >= BILLING_HEALTH_RULES.goodFrom) return 'good';
  if (score >= BILLING_HEALTH_RULES.warningFrom) return 'warning';
  return 'critical';
}

export function billingHealthStatus(score: number): BillingHealthStatus {
  return score >= BILLING_HEALTH_RULES.goodFrom ? 'Healthy' : 'Degraded';
}

/** Spec §9: more than 3 payment failures in one hour. */
export function isPaymentFailureAlert(failuresLastHour: number): boolean {
  return failuresLastHour > PAYMENT_FAILURE_ALERT_PER_HOUR;
}

export type BadgeVariant = 'destructive' | 'secondary' | 'outline';

/** Spec §9: the 24-hour payment-failure badge is destructive above 10; any failure shows secondary, none outline. */
export function paymentFailureBadge(failuresLast24h: number): BadgeVariant {
  if (failuresLast24h > PAYMENT_FAILURE_DESTRUCTIVE_PER_DAY) return 'destructive';
  return failuresLast24h > 0 ? 'secondary' : 'outline';
}

/** Spec §9: more than 5 failed webhook events shows destructive. */
export function webhookFailureBadge(failedEvents: number): BadgeVariant {
  if (failedEvents > WEBHOOK_FAILURE_DESTRUCTIVE) return 'destructive';
  return failedEvents > 0 ? 'secondary' : 'outline';
}

/** Spec §8: the Webhook Tester's messages, word for word. */
export const WEBHOOK_TESTER_MESSAGES = {
  unauthorized: 'Authentication failed. Please refresh the page and try again.',
  forbidden: 'Admin access required. Ensure your account has admin privileges.',
  httpError: 'Edge Function returned an error. Check function logs for details.',
  relayError: 'Network error: Unable to reach edge function. Check your connection.',
  fetchError: 'Function deployment issue or network error. The function may need to be redeployed.',
  fallback: 'Failed to send request to Edge Function',
} as const;

/** What the Webhook Tester knows of a failed request: the HTTP status (0 when none came back), an error name and message. */
export interface TesterFailure {
  status?: number | undefined;
  name?: string | undefined;
  message?: string | undefined;
}

/**
 * Spec §8 "Webhook tester mappings", read for Parley's server in place of edge functions: 401/Unauthorized and
 * 403/Forbidden as written; a gateway status (502, 503, 504) is the relay error; no answer at all ("Failed to fetch",
 * status 0) is the fetch error; any other error status is the function's own error; anything else the default.
 */
export function webhookTesterErrorMessage(failure: TesterFailure): string {
  const text = `${failure.name ?? ''} ${failure.message ?? ''}`;
  const status = failure.status;
  if (status === 401 || /Unauthorized/i.test(text)) return WEBHOOK_TESTER_MESSAGES.unauthorized;
  if (status === 403 || /Forbidden/i.test(text)) return WEBHOOK_TESTER_MESSAGES.forbidden;
  // The spec's named errors first, in its order; then what Parley's HTTP statuses mean in the same terms.
  if (failure.name === 'FunctionsHttpError') return WEBHOOK_TESTER_MESSAGES.httpError;
  if (failure.name === 'FunctionsRelayError') return WEBHOOK_TESTER_MESSAGES.relayError;
  if (failure.name === 'FunctionsFetchError' || /Failed to fetch/i.test(text)) return WEBHOOK_TESTER_MESSAGES.fetchError;
  if (status === 502 || status === 503 || status === 504) return WEBHOOK_TESTER_MESSAGES.relayError;
  if (status === 0) return WEBHOOK_TESTER_MESSAGES.fetchError;
  if (status !== undefined && status >= 400) return WEBHOOK_TESTER_MESSAGES.httpError;
  return WEBHOOK_TESTER_MESSAGES.fallback;
}
