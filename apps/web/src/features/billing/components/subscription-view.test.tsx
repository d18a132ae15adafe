import {
  BILLING_MESSAGES,
  checkoutResultSchema,
  subscriptionOverviewSchema,
  type SubscriptionOverview,
  type TierOffer,
} from '@parley/shared/contracts/billing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { renderScreen } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { SubscriptionView } from './subscription-view';

const ORGANIZATION_ID = '3f6c1e2a-8b4d-4c5e-9f70-1a2b3c4d5e6f';
const PERIOD_END = '2026-12-15T12:00:00.000Z';

function offer(tier: string, displayName: string, overrides: Partial<TierOffer> = {}): TierOffer {
  return {
    tier,
    displayName,
    description: `${displayName} for growing teams`,
    monthlyTokenLimit: 100_000,
    maxChatbots: 3,
    maxHandoffsPerMonth: 50,
    priceMonthlyCents: 4_900,
    priceAnnualCents: 49_000,
    isPopular: false,
    ctaText: '',
    ...overrides,
  };
}

const OFFERS = [
  offer('free', 'Free', { priceMonthlyCents: 0, priceAnnualCents: 0 }),
  offer('pro', 'Pro', { isPopular: true }),
  offer('business', 'Business', { monthlyTokenLimit: -1, maxChatbots: -1, maxHandoffsPerMonth: -1, priceMonthlyCents: 19_900, priceAnnualCents: 199_000 }),
];

function activeSubscription(overrides: Partial<NonNullable<SubscriptionOverview['subscription']>> = {}): NonNullable<SubscriptionOverview['subscription']> {
  return {
    id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
    tier: 'pro',
    interval: 'month',
    status: 'active',
    amountCents: 4_900,
    currency: 'usd',
    currentPeriodStart: '2026-11-15T12:00:00.000Z',
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    failedPaymentCount: 0,
    ...overrides,
  };
}

function overview(overrides: Partial<SubscriptionOverview> = {}): SubscriptionOverview {
  return {
    provider: 'stripe',
    organizationId: ORGANIZATION_ID,
    canManage: true,
    tier: { tier: 'pro', displayName: 'Pro' },
    limits: {
      monthlyTokenLimit: 100_000,
      maxChatbots: 3,
      maxHandoffsPerMonth: 50,
      apiKeyRequestsPerMinute: 60,
      chatbotMessagesPerMinute: 120,
      visitorMessagesPerMinute: 20,
    },
    usage: { tokensUsed: 87_654, chatbots: 2, creditBalance: 5_000 },
    subscription: activeSubscription(),
    offers: OFFERS,
    currency: 'usd',
    hasCustomer: true,
    ...overrides,
  };
}

function mockSubscription(data: SubscriptionOverview) {
  server.use(http.get('/api/billing/subscription', () => contractJson(subscriptionOverviewSchema, data)));
}

/** The plan card of an offer, by its title. */
async function planCard(name: string): Promise<HTMLElement> {
  const title = await screen.findByText(name, { selector: '[data-slot=card-title]' });
  return title.closest<HTMLElement>('[data-slot=card]')!;
}

describe('SubscriptionView', () => {
  it('shows the plan, its price and renewal date, and the month’s usage against the limits', async () => {
    mockSubscription(overview());
    renderScreen(<SubscriptionView />);

    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(`$49.00 per month · renews on ${formatDate(PERIOD_END)}`)).toBeInTheDocument();
    expect(screen.getByText('87,654 / 100,000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Tokens this month used' })).toHaveAttribute('aria-valuenow', '88');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Chatbots used' })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByText('Handoffs per month: 50 · Token balance: 5,000')).toBeInTheDocument();
  });

  it('shows an unlimited limit as such, without a bar, and a bar past the limit as full', async () => {
    mockSubscription(
      overview({
        limits: {
          monthlyTokenLimit: -1,
          maxChatbots: 3,
          maxHandoffsPerMonth: -1,
          apiKeyRequestsPerMinute: 600,
          chatbotMessagesPerMinute: 1_200,
          visitorMessagesPerMinute: 40,
        },
        usage: { tokensUsed: 250_000, chatbots: 4, creditBalance: 0 },
      }),
    );
    renderScreen(<SubscriptionView />);

    expect(await screen.findByText('250,000 / Unlimited')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Tokens this month used' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Chatbots used' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/^Handoffs per month: Unlimited/)).toBeInTheDocument();
    // The plan's rate limits, as the tier sets them.
    const rateLimits = within(screen.getByLabelText('Rate limits of your plan'));
    expect(rateLimits.getByText('API requests per minute, per API key').nextElementSibling).toHaveTextContent('600');
    expect(rateLimits.getByText('Chat messages per minute, per chatbot (widget and API)').nextElementSibling).toHaveTextContent('1,200');
    expect(rateLimits.getByText('Widget messages per minute, per visitor IP, per chatbot').nextElementSibling).toHaveTextContent('40');
  });

  it('says the free plan is in use when there is no subscription, and offers the paid plans only', async () => {
    mockSubscription(overview({ subscription: null, tier: { tier: 'free', displayName: 'Free' } }));
    renderScreen(<SubscriptionView />);

    expect(await screen.findByText(BILLING_MESSAGES.noSubscription)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Choose Business' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Choose Free' })).not.toBeInTheDocument();
  });

  it('warns about a failed payment', async () => {
    mockSubscription(overview({ subscription: activeSubscription({ status: 'past_due', failedPaymentCount: 2 }) }));
    renderScreen(<SubscriptionView />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your last payment failed (2 attempts).');
    expect(screen.getByText('Payment overdue')).toBeInTheDocument();
  });

  it('shows the monthly or the annual prices, and the current plan only at its own interval', async () => {
    mockSubscription(overview());
    const { user } = renderScreen(<SubscriptionView />);

    const pro = await planCard('Pro');
    const business = await planCard('Business');
    expect(within(pro).getByText('$49.00')).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(business).getByText('$199.00')).toBeInTheDocument();
    expect(within(business).getByText('Unlimited tokens a month')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Annual' }));

    expect(screen.getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(pro).getByText('$490.00')).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Switch to Pro' })).toBeEnabled();
    expect(within(business).getByText('$1,990.00')).toBeInTheDocument();
  });

  it('sends the plan and the interval chosen, and says when the plan was changed in place', async () => {
    mockSubscription(overview());
    let checkoutBody: unknown;
    server.use(
      http.post('/api/billing/subscription/checkout', async ({ request }) => {
        checkoutBody = await request.json();
        return contractJson(checkoutResultSchema, { url: null, changed: true });
      }),
    );
    const { user } = renderScreen(<SubscriptionView />);

    await user.click(await screen.findByRole('button', { name: 'Annual' }));
    await user.click(screen.getByRole('button', { name: 'Switch to Business' }));

    expect(await screen.findByText(BILLING_MESSAGES.planChanged)).toBeInTheDocument();
    expect(checkoutBody).toEqual({ tier: 'business', interval: 'year' });
  });

  it('says why a checkout could not start', async () => {
    mockSubscription(overview({ subscription: null }));
    server.use(http.post('/api/billing/subscription/checkout', () => apiError(400, 'PLAN_NOT_FOR_SALE', 'This plan is not for sale.')));
    const { user } = renderScreen(<SubscriptionView />);

    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }));

    expect(await screen.findByText(BILLING_MESSAGES.checkoutFailed)).toBeInTheDocument();
    expect(screen.getByText('This plan is not for sale.')).toBeInTheDocument();
  });

  it('cancels at the end of the period after a confirmation saying when and what follows, and takes the cancellation back', async () => {
    const sent: unknown[] = [];
    let current = overview();
    server.use(
      http.get('/api/billing/subscription', () => contractJson(subscriptionOverviewSchema, current)),
      http.post('/api/billing/subscription/cancel', async ({ request }) => {
        const body = (await request.json()) as { cancelAtPeriodEnd: boolean };
        sent.push(body);
        await afterDedupWindow();
        current = overview({ subscription: activeSubscription({ cancelAtPeriodEnd: body.cancelAtPeriodEnd }) });
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderScreen(<SubscriptionView />);

    // One click only asks: nothing is sent until the dialog is confirmed, and "Keep my plan" sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Cancel your Pro plan?' })).toBeInTheDocument();
    expect(within(dialog).getByText(`Your Pro plan stays active until ${formatDate(PERIOD_END)}, and nothing more is charged.`)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Then the organization moves to the Free plan and its limits. You can resume the subscription until then.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The organization’s owners get an e-mail confirming the date.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));

    expect(await screen.findByText(BILLING_MESSAGES.canceledAtPeriodEnd)).toBeInTheDocument();
    expect(await screen.findByText(`$49.00 per month · ends on ${formatDate(PERIOD_END)}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));

    expect(await screen.findByText(BILLING_MESSAGES.resumed)).toBeInTheDocument();
    expect(sent).toEqual([{ cancelAtPeriodEnd: true }, { cancelAtPeriodEnd: false }]);
  });

  it('offers no changes to a member who may only look', async () => {
    mockSubscription(overview({ canManage: false }));
    renderScreen(<SubscriptionView />);

    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel at period end|Manage billing|Current plan|Switch to/ })).not.toBeInTheDocument();
  });

  it('shows the error when the plan cannot be loaded', async () => {
    server.use(http.get('/api/billing/subscription', () => apiError(500, 'INTERNAL_ERROR', 'The billing service is unavailable.')));
    renderScreen(<SubscriptionView />);

    expect(await screen.findByText('Could not load your plan')).toBeInTheDocument();
    expect(screen.getByText('The billing service is unavailable.')).toBeInTheDocument();
  });

  it('confirms the plan on the return from a checkout once the subscription is active', async () => {
    mockSubscription(overview({ subscription: activeSubscription({ status: 'trialing' }) }));
    renderScreen(<SubscriptionView />, { route: '/dashboard/subscription?checkout=success' });

    expect(await screen.findByText(BILLING_MESSAGES.planActive)).toBeInTheDocument();
    expect(screen.getByText(`$49.00 per month · trial ends on ${formatDate(PERIOD_END)}, then billed`)).toBeInTheDocument();
  });
});
