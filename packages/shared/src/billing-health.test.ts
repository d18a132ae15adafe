import { describe, expect, it } from 'vitest';
import {
  billingHealthScore,
  billingHealthStatus,
  billingHealthTone,
  isPaymentFailureAlert,
  paymentFailureBadge,
  webhookFailureBadge,
  webhookTesterErrorMessage,
  WEBHOOK_TESTER_MESSAGES,
  type BillingHealthInput,
} from './billing-health';

const clean: BillingHealthInput = { paymentFailuresLastHour: 0, subscriptions: { total: 0, pastDue: 0, unpaid: 0 }, webhooks: { total: 0, failed: 0 } };
const score = (change: Partial<BillingHealthInput>) => billingHealthScore({ ...clean, ...change }).score;

describe('billing health score (spec §9)', () => {
  it('is 100 with nothing against it, and with no subscriptions or events at all', () => {
    expect(billingHealthScore(clean)).toEqual({ score: 100, penalties: [] });
  });

  it('takes 5 per payment failure in the last hour, at most 30', () => {
    expect(score({ paymentFailuresLastHour: 1 })).toBe(95);
    expect(score({ paymentFailuresLastHour: 2 })).toBe(90);
    expect(score({ paymentFailuresLastHour: 6 })).toBe(70);
    expect(score({ paymentFailuresLastHour: 7 })).toBe(70);
    expect(score({ paymentFailuresLastHour: 500 })).toBe(70);
  });

  it('takes the share of past_due plus unpaid subscriptions times 40', () => {
    expect(score({ subscriptions: { total: 4, pastDue: 1, unpaid: 0 } })).toBe(90);
    expect(score({ subscriptions: { total: 4, pastDue: 1, unpaid: 1 } })).toBe(80);
    expect(score({ subscriptions: { total: 2, pastDue: 1, unpaid: 1 } })).toBe(60);
    // 1 of 3 is 13.33 points: the score is rounded once, at the end.
    expect(score({ subscriptions: { total: 3, pastDue: 1, unpaid: 0 } })).toBe(87);
  });

  it('takes 15 for a webhook failure rate above 5 % and 30 above 10 %, not at exactly 5 or 10 %', () => {
    expect(score({ webhooks: { total: 100, failed: 5 } })).toBe(100);
    expect(score({ webhooks: { total: 100, failed: 6 } })).toBe(85);
    expect(score({ webhooks: { total: 100, failed: 10 } })).toBe(85);
    expect(score({ webhooks: { total: 100, failed: 11 } })).toBe(70);
    expect(score({ webhooks: { total: 0, failed: 0 } })).toBe(100);
  });

  it('never goes below 0', () => {
    expect(score({ paymentFailuresLastHour: 10, subscriptions: { total: 1, pastDue: 1, unpaid: 0 }, webhooks: { total: 1, failed: 1 } })).toBe(0);
  });

  it('names each penalty with its points', () => {
    const { penalties } = billingHealthScore({
      paymentFailuresLastHour: 1,
      subscriptions: { total: 4, pastDue: 1, unpaid: 0 },
      webhooks: { total: 10, failed: 2 },
    });
    expect(penalties.map((p) => [p.key, p.points])).toEqual([
      ['payment_failures', 5],
      ['troubled_subscriptions', 10],
      ['webhook_failures', 30],
    ]);
  });

  it('is good from 90, a warning from 70 to 89, critical below 70; Healthy from 90, Degraded below', () => {
    expect(billingHealthTone(100)).toBe('good');
    expect(billingHealthTone(90)).toBe('good');
    expect(billingHealthTone(89)).toBe('warning');
    expect(billingHealthTone(70)).toBe('warning');
    expect(billingHealthTone(69)).toBe('critical');
    expect(billingHealthTone(0)).toBe('critical');
    expect(billingHealthStatus(90)).toBe('Healthy');
    expect(billingHealthStatus(89)).toBe('Degraded');
  });
});

describe('payment-failure thresholds (spec §9)', () => {
  it('alerts above 3 failures in an hour, not at 3', () => {
    expect(isPaymentFailureAlert(3)).toBe(false);
    expect(isPaymentFailureAlert(4)).toBe(true);
  });

  it('shows the 24-hour badge destructive above 10, not at 10', () => {
    expect(paymentFailureBadge(0)).toBe('outline');
    expect(paymentFailureBadge(10)).toBe('secondary');
    expect(paymentFailureBadge(11)).toBe('destructive');
  });

  it('shows failed webhook events destructive above 5, not at 5', () => {
    expect(webhookFailureBadge(0)).toBe('outline');
    expect(webhookFailureBadge(5)).toBe('secondary');
    expect(webhookFailureBadge(6)).toBe('destructive');
  });
});

describe('Webhook Tester error messages (spec §8)', () => {
  it('maps 401 and 403, by status or by name', () => {
    expect(webhookTesterErrorMessage({ status: 401 })).toBe('Authentication failed. Please refresh the page and try again.');
    expect(webhookTesterErrorMessage({ message: 'Unauthorized' })).toBe(WEBHOOK_TESTER_MESSAGES.unauthorized);
    expect(webhookTesterErrorMessage({ status: 403 })).toBe('Admin access required. Ensure your account has admin privileges.');
    expect(webhookTesterErrorMessage({ message: 'Forbidden' })).toBe(WEBHOOK_TESTER_MESSAGES.forbidden);
  });

  it('maps the three function errors by name', () => {
    expect(webhookTesterErrorMessage({ name: 'FunctionsHttpError' })).toBe('Edge Function returned an error. Check function logs for details.');
    expect(webhookTesterErrorMessage({ name: 'FunctionsRelayError' })).toBe('Network error: Unable to reach edge function. Check your connection.');
    expect(webhookTesterErrorMessage({ name: 'FunctionsFetchError' })).toBe(
      'Function deployment issue or network error. The function may need to be redeployed.',
    );
    expect(webhookTesterErrorMessage({ name: 'TypeError', message: 'Failed to fetch' })).toBe(WEBHOOK_TESTER_MESSAGES.fetchError);
  });

  it("maps Parley's statuses: gateway errors to the relay error, no answer to the fetch error, other errors to the function error", () => {
    expect(webhookTesterErrorMessage({ status: 502 })).toBe(WEBHOOK_TESTER_MESSAGES.relayError);
    expect(webhookTesterErrorMessage({ status: 504 })).toBe(WEBHOOK_TESTER_MESSAGES.relayError);
    expect(webhookTesterErrorMessage({ status: 0 })).toBe(WEBHOOK_TESTER_MESSAGES.fetchError);
    expect(webhookTesterErrorMessage({ status: 500 })).toBe(WEBHOOK_TESTER_MESSAGES.httpError);
    expect(webhookTesterErrorMessage({ status: 400 })).toBe(WEBHOOK_TESTER_MESSAGES.httpError);
  });

  it('falls back to the default message', () => {
    expect(webhookTesterErrorMessage({})).toBe('Failed to send request to Edge Function');
    expect(webhookTesterErrorMessage({ name: 'Error', message: 'something odd' })).toBe(WEBHOOK_TESTER_MESSAGES.fallback);
  });
});
