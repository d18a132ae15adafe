import { TIER_MESSAGES, TIER_RATE_LIMITS, tierListSchema, tierSchema, type Tier } from '@parley/shared/contracts/tier-limits';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen, type ScreenRender } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { TierLimitsManager } from './tier-limits-manager';

const FREE_ID = 'a1000000-0000-4000-8000-000000000001';
const PRO_ID = 'a1000000-0000-4000-8000-000000000002';
const LEGACY_ID = 'a1000000-0000-4000-8000-000000000003';
const PRO_UPDATED_AT = '2026-11-10T09:00:00.000Z';

function tier(overrides: Partial<Tier> & Pick<Tier, 'id' | 'tier' | 'displayName'>): Tier {
  return {
    description: '',
    monthlyTokenLimit: 10_000,
    maxHandoffsPerMonth: 10,
    maxChatbots: 1,
    apiKeyRequestsPerMinute: 60,
    chatbotMessagesPerMinute: 120,
    visitorMessagesPerMinute: 20,
    priceMonthlyCents: 0,
    priceAnnualCents: 0,
    sortOrder: 0,
    isPopular: false,
    isActive: true,
    ctaText: 'Get Started',
    updatedAt: '2026-11-01T09:00:00.000Z',
    organizationCount: 0,
    ...overrides,
  };
}

const TIERS: Tier[] = [
  tier({ id: FREE_ID, tier: 'free', displayName: 'Free', organizationCount: 12 }),
  tier({
    id: PRO_ID,
    tier: 'pro',
    displayName: 'Pro',
    monthlyTokenLimit: 1_500_000,
    maxHandoffsPerMonth: 250,
    maxChatbots: -1,
    organizationCount: 1,
    updatedAt: PRO_UPDATED_AT,
  }),
  tier({ id: LEGACY_ID, tier: 'legacy', displayName: 'Legacy', monthlyTokenLimit: 2_500, isActive: false }),
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The list, and every write the screen sends, recorded; writes succeed with the tier they name. */
function mockTiers(items: Tier[] = TIERS) {
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    await afterDedupWindow();
  };
  server.use(
    http.get('/api/admin/tier-limits', () => contractJson(tierListSchema, { items })),
    http.post('/api/admin/tier-limits', async ({ request }) => {
      await record(request);
      return contractJson(tierSchema, tier({ id: 'a1000000-0000-4000-8000-000000000009', tier: 'team', displayName: 'Team' }));
    }),
    http.put('/api/admin/tier-limits/:id', async ({ request, params }) => {
      await record(request);
      return contractJson(
        tierSchema,
        items.find((item) => item.id === params.id)!,
      );
    }),
    http.put('/api/admin/tier-limits/:id/status', async ({ request, params }) => {
      await record(request);
      return contractJson(
        tierSchema,
        items.find((item) => item.id === params.id)!,
      );
    }),
    http.delete('/api/admin/tier-limits/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
  );
  return sent;
}

function row(name: string): HTMLElement {
  return screen.getAllByTestId('tier-row').find((element) => within(element).queryByText(name, { selector: '.font-medium' }))!;
}

/** The New tier button waits for the list; pressing it before would do nothing. */
async function openCreatePanel({ user }: ScreenRender): Promise<HTMLElement> {
  await screen.findAllByTestId('tier-row');
  await user.click(screen.getByRole('button', { name: 'New tier' }));
  return screen.getByTestId('tier-form-panel');
}

async function fill({ user }: ScreenRender, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('TierLimitsManager', () => {
  it('shows a card for each active tier, and every tier in the table, with -1 as Unlimited', async () => {
    mockTiers();
    renderScreen(<TierLimitsManager />);

    const cards = await screen.findAllByTestId('active-tier-card');
    expect(cards.map((card) => within(card).getByText(/^(Free|Pro|Legacy)$/).textContent)).toEqual(['Free', 'Pro']);
    const pro = cards[1]!;
    expect(within(pro).getByText('Tokens per month').nextSibling).toHaveTextContent('1.5M');
    expect(within(pro).getByText('Handoffs per month').nextSibling).toHaveTextContent('250');
    expect(within(pro).getByText('Chatbots').nextSibling).toHaveTextContent('Unlimited');
    expect(within(pro).getByText('1 organization')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('12 organizations')).toBeInTheDocument();

    expect(screen.getAllByTestId('tier-row')).toHaveLength(3);
    expect(within(row('Legacy')).getByText('2.5K')).toBeInTheDocument();
    expect(within(row('Legacy')).getByText('Inactive')).toBeInTheDocument();
  });

  it('keeps the free tier and tiers organizations are on from being deleted or switched off', async () => {
    mockTiers();
    renderScreen(<TierLimitsManager />);

    await screen.findAllByTestId('tier-row');
    expect(within(row('Free')).getByRole('button', { name: 'Delete Free (not possible)' })).toBeDisabled();
    expect(within(row('Free')).getByRole('switch', { name: 'Free active' })).toBeDisabled();
    expect(within(row('Pro')).getByRole('button', { name: 'Delete Pro (not possible)' })).toBeDisabled();
    expect(within(row('Pro')).getByRole('switch', { name: 'Pro active' })).toBeDisabled();
    // Nobody is on Legacy, and an inactive tier may always be switched back on.
    expect(within(row('Legacy')).getByRole('button', { name: 'Delete Legacy' })).toBeEnabled();
    expect(within(row('Legacy')).getByRole('switch', { name: 'Legacy active' })).toBeEnabled();
  });

  it('switches a tier on', async () => {
    const sent = mockTiers();
    const { user } = renderScreen(<TierLimitsManager />);

    await user.click(await screen.findByRole('switch', { name: 'Legacy active' }));

    expect(await screen.findByText(TIER_MESSAGES.activated)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: `/api/admin/tier-limits/${LEGACY_ID}/status`, body: { isActive: true } }]);
  });

  it('deletes a tier after the confirmation', async () => {
    const sent = mockTiers();
    const { user } = renderScreen(<TierLimitsManager />);

    await user.click(await screen.findByRole('button', { name: 'Delete Legacy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the Legacy tier?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete tier' }));

    expect(await screen.findByText(TIER_MESSAGES.deleted)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/admin/tier-limits/${LEGACY_ID}`, body: null }]);
  });

  describe('the create panel', () => {
    it('requires the tier name and a monthly limit, and sends nothing until they are there', async () => {
      const sent = mockTiers();
      const screenRender = renderScreen(<TierLimitsManager />);
      const { user } = screenRender;

      const panel = await openCreatePanel(screenRender);
      // A new tier starts at a monthly limit of 0, which is not a limit.
      expect(within(panel).getByLabelText('Monthly token limit')).toHaveValue(0);
      await user.type(within(panel).getByLabelText('Tier name (ID)'), 'team');
      await user.click(within(panel).getByRole('button', { name: 'Create tier' }));

      expect(within(panel).getByText(TIER_MESSAGES.required, { selector: '[data-slot=field-error]' })).toBeInTheDocument();
      expect(await screen.findByText(TIER_MESSAGES.createFailed)).toBeInTheDocument();
      expect(sent).toEqual([]);
    });

    it('rejects a chatbot limit of 0', async () => {
      const sent = mockTiers();
      const screenRender = renderScreen(<TierLimitsManager />);

      await openCreatePanel(screenRender);
      await screenRender.user.type(screen.getByLabelText('Tier name (ID)'), 'team');
      await fill(screenRender, 'Monthly token limit', '50000');
      await fill(screenRender, 'Chatbots', '0');
      await screenRender.user.click(screen.getByRole('button', { name: 'Create tier' }));

      expect(screen.getByText(TIER_MESSAGES.chatbotLimitInvalid, { selector: '[data-slot=field-error]' })).toBeInTheDocument();
      expect(sent).toEqual([]);
    });

    it('rejects a rate limit of 0 with the rule it breaks', async () => {
      const sent = mockTiers();
      const screenRender = renderScreen(<TierLimitsManager />);

      await openCreatePanel(screenRender);
      await screenRender.user.type(screen.getByLabelText('Tier name (ID)'), 'team');
      await fill(screenRender, 'Monthly token limit', '50000');
      await fill(screenRender, 'Widget messages per minute', '0');
      await screenRender.user.click(screen.getByRole('button', { name: 'Create tier' }));

      expect(
        screen.getByText(TIER_MESSAGES.rateLimitInvalid(TIER_RATE_LIMITS.visitorMessagesPerMinute.label), { selector: '[data-slot=field-error]' }),
      ).toBeInTheDocument();
      expect(sent).toEqual([]);
    });

    it('creates the tier with numbers for its limits, its ID in lowercase and the ID as the name when none is given', async () => {
      const sent = mockTiers();
      const screenRender = renderScreen(<TierLimitsManager />);

      await openCreatePanel(screenRender);
      await screenRender.user.type(screen.getByLabelText('Tier name (ID)'), 'Team');
      await fill(screenRender, 'Monthly token limit', '-1');
      await fill(screenRender, 'Handoff limit per month', '0');
      await fill(screenRender, 'Chatbots', '5');
      await screenRender.user.click(screen.getByRole('button', { name: 'Create tier' }));

      expect(await screen.findByText(TIER_MESSAGES.created)).toBeInTheDocument();
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/admin/tier-limits',
          body: {
            tier: 'team',
            displayName: 'team',
            description: '',
            monthlyTokenLimit: -1,
            maxHandoffsPerMonth: 0,
            maxChatbots: 5,
            // A new tier starts with the default rate limits.
            apiKeyRequestsPerMinute: 60,
            chatbotMessagesPerMinute: 120,
            visitorMessagesPerMinute: 20,
            isActive: true,
          },
        },
      ]);
      expect(screen.queryByTestId('tier-form-panel')).not.toBeInTheDocument();
    });
  });

  describe('the edit panel', () => {
    it('saves the changed limits on the version the admin saw', async () => {
      const sent = mockTiers();
      const screenRender = renderScreen(<TierLimitsManager />);

      await screenRender.user.click(await screen.findByRole('button', { name: 'Edit Pro' }));
      expect(screen.getByLabelText('Tier name (ID)')).toBeDisabled();
      await fill(screenRender, 'Monthly token limit', '2000000');
      expect(screen.getByLabelText('Chat messages per minute')).toHaveValue(120);
      await fill(screenRender, 'API requests per minute', '600');
      await screenRender.user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText(TIER_MESSAGES.updated)).toBeInTheDocument();
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: `/api/admin/tier-limits/${PRO_ID}`,
          body: {
            displayName: 'Pro',
            description: '',
            monthlyTokenLimit: 2_000_000,
            maxHandoffsPerMonth: 250,
            maxChatbots: -1,
            apiKeyRequestsPerMinute: 600,
            chatbotMessagesPerMinute: 120,
            visitorMessagesPerMinute: 20,
            isActive: true,
            expectedUpdatedAt: PRO_UPDATED_AT,
          },
        },
      ]);
    });

    it('warns that a tier organizations are on cannot be switched off', async () => {
      mockTiers();
      const { user } = renderScreen(<TierLimitsManager />);

      await user.click(await screen.findByRole('button', { name: 'Edit Pro' }));
      await user.click(screen.getByRole('switch', { name: 'Tier active' }));

      expect(screen.getByText(TIER_MESSAGES.inUse(1, 'Pro'))).toBeInTheDocument();
    });

    it('shows the server’s refusal in the panel and keeps it open', async () => {
      mockTiers();
      server.use(http.put('/api/admin/tier-limits/:id', () => apiError(409, 'CONFLICT', 'Another administrator changed this tier. Reload it and try again.')));
      const { user } = renderScreen(<TierLimitsManager />);

      await user.click(await screen.findByRole('button', { name: 'Edit Pro' }));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      const panel = screen.getByTestId('tier-form-panel');
      expect(
        await within(panel).findByText('Another administrator changed this tier. Reload it and try again.', { selector: '[data-slot=field-error]' }),
      ).toBeInTheDocument();
      expect(await screen.findByText(TIER_MESSAGES.updateFailed)).toBeInTheDocument();
    });
  });

  it('offers to create the first tier when there is none', async () => {
    mockTiers([]);
    renderScreen(<TierLimitsManager />);

    expect(await screen.findByText('No subscription tiers')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New tier' })).toHaveLength(2);
  });

  it('shows the error when the tiers cannot be loaded, and no New tier button to press', async () => {
    server.use(http.get('/api/admin/tier-limits', () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Try again shortly.')));
    renderScreen(<TierLimitsManager />);

    expect(await screen.findByText(TIER_MESSAGES.fetchFailed, { selector: '[data-slot=alert-title]' })).toBeInTheDocument();
    expect(screen.getByText('The service is busy. Try again shortly.', { selector: '[data-slot=alert-description] p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New tier' })).toBeDisabled();
  });
});
