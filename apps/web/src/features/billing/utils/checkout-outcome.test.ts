import type { SubscriptionOverview, TokenOverview } from '@parley/shared/contracts/billing';
import { describe, expect, it } from 'vitest';
import { subscriptionCheckoutOutcome, tokenCheckoutOutcome } from './checkout-outcome';

type Subscription = NonNullable<SubscriptionOverview['subscription']>;
type Purchase = TokenOverview['purchases'][number];

const overview = (subscription: Partial<Subscription> | null): SubscriptionOverview => ({
  provider: 'sandbox',
  organizationId: '00000000-0000-4000-8000-000000000001',
  canManage: true,
  tier: { tier: subscription ? 'pro' : 'free', displayName: subscription ? 'Pro' : 'Free' },
  limits: {
    monthlyTokenLimit: 1000,
    maxChatbots: 1,
    maxHandoffsPerMonth: 0,
    apiKeyRequestsPerMinute: 60,
    chatbotMessagesPerMinute: 120,
    visitorMessagesPerMinute: 20,
  },
  usage: { tokensUsed: 0, chatbots: 0, creditBalance: 0 },
  subscription: subscription && {
    id: '00000000-0000-4000-8000-000000000002',
    tier: 'pro',
    interval: 'month',
    status: 'active',
    amountCents: 4900,
    currency: 'usd',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    failedPaymentCount: 0,
    ...subscription,
  },
  offers: [],
  currency: 'usd',
  hasCustomer: true,
});

const purchase = (status: Purchase['status'], createdAt: string): Purchase => ({
  id: `00000000-0000-4000-8000-${createdAt.slice(0, 4)}${createdAt.slice(5, 7)}${createdAt.slice(8, 10)}0000`,
  packageName: 'Starter pack',
  tokens: 50_000,
  amountCents: 1500,
  currency: 'usd',
  status,
  createdAt,
});

const tokens = (purchases: Purchase[]): TokenOverview => ({
  provider: 'sandbox',
  canBuy: true,
  creditBalance: 0,
  tokensUsed: 0,
  monthlyTokenLimit: 1000,
  currency: 'usd',
  packages: [],
  purchases,
});

describe('subscriptionCheckoutOutcome', () => {
  it('is pending until the webhook has created the subscription', () => {
    expect(subscriptionCheckoutOutcome(overview(null))).toBe('pending');
  });

  it('is paid once the subscription is active or in its trial', () => {
    expect(subscriptionCheckoutOutcome(overview({ status: 'active' }))).toBe('paid');
    expect(subscriptionCheckoutOutcome(overview({ status: 'trialing' }))).toBe('paid');
  });

  it('keeps waiting while the subscription does not hold the plan yet', () => {
    expect(subscriptionCheckoutOutcome(overview({ status: 'incomplete' }))).toBe('pending');
  });
});

describe('tokenCheckoutOutcome', () => {
  it('is pending while the newest purchase (the one the checkout recorded) is pending', () => {
    expect(tokenCheckoutOutcome(tokens([purchase('pending', '2026-11-29T08:00:00Z'), purchase('paid', '2026-11-01T08:00:00Z')]))).toBe('pending');
  });

  it('is paid once the newest purchase is paid, even with an older checkout left unfinished', () => {
    expect(tokenCheckoutOutcome(tokens([purchase('paid', '2026-11-29T08:00:00Z'), purchase('pending', '2026-11-01T08:00:00Z')]))).toBe('paid');
  });

  it('is failed when the newest purchase failed or expired', () => {
    expect(tokenCheckoutOutcome(tokens([purchase('failed', '2026-11-29T08:00:00Z')]))).toBe('failed');
    expect(tokenCheckoutOutcome(tokens([purchase('expired', '2026-11-29T08:00:00Z')]))).toBe('failed');
  });

  it('is pending when no purchase is listed yet', () => {
    expect(tokenCheckoutOutcome(tokens([]))).toBe('pending');
  });
});
