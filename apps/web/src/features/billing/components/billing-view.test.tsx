import {
  BILLING_MESSAGES,
  invoicePageSchema,
  portalResultSchema,
  tokenOverviewSchema,
  type Invoice,
  type TokenOverview,
} from '@parley/shared/contracts/billing';
import { creditHistorySchema, type CreditHistoryEntry } from '@parley/shared/contracts/token-credits';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { apiError, contractJson, server } from '@/test/server';
import { BillingView } from './billing-view';

const STARTER_PACK = '0b7c4a43-6f0e-4c47-9d11-2f6a1c5e8a01';
const BIG_PACK = '0b7c4a43-6f0e-4c47-9d11-2f6a1c5e8a02';

function tokens(overrides: Partial<TokenOverview> = {}): TokenOverview {
  return {
    provider: 'sandbox',
    canBuy: true,
    creditBalance: 1_234_567,
    tokensUsed: 40_000,
    monthlyTokenLimit: 100_000,
    currency: 'usd',
    packages: [
      { id: STARTER_PACK, name: 'Starter pack', tokens: 50_000, priceCents: 900 },
      { id: BIG_PACK, name: 'Big pack', tokens: 1_000_000, priceCents: 14_950 },
    ],
    purchases: [],
    ...overrides,
  };
}

function purchase(index: number, status: 'pending' | 'paid' | 'failed' | 'expired' = 'paid') {
  return {
    id: `5d2e8f10-1a2b-4c3d-8e4f-${String(index).padStart(12, '0')}`,
    packageName: `Pack ${index}`,
    tokens: 50_000,
    amountCents: 900,
    currency: 'usd',
    status,
    createdAt: `2026-11-${String(20 - index).padStart(2, '0')}T10:00:00.000Z`,
  };
}

function invoice(index: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `9a1b2c3d-4e5f-4a6b-8c7d-${String(index).padStart(12, '0')}`,
    number: `INV-${1000 + index}`,
    status: 'paid',
    amountCents: 4_900,
    currency: 'eur',
    description: `Pro plan, month ${index}`,
    createdAt: '2026-11-01T09:00:00.000Z',
    dueAt: null,
    paidAt: '2026-11-01T09:05:00.000Z',
    pdfUrl: `https://billing.example.com/invoices/${index}.pdf`,
    ...overrides,
  };
}

/** The two reads the screen makes; `invoicePages` answers by the page asked for. */
function mockBilling({
  overview = tokens(),
  invoicePages = [[] as Invoice[]],
  total,
  history = [],
}: { overview?: TokenOverview; invoicePages?: Invoice[][]; total?: number; history?: CreditHistoryEntry[] } = {}) {
  const invoiceRequests: URLSearchParams[] = [];
  server.use(
    http.get('/api/billing/tokens', () => contractJson(tokenOverviewSchema, overview)),
    http.get('/api/usage/credit-history', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      const balance = history.reduce((sum, row) => sum + row.tokens, 0);
      return contractJson(creditHistorySchema, {
        items: history.slice((page - 1) * pageSize, page * pageSize),
        total: history.length,
        page,
        pageSize,
        balance,
      });
    }),
    http.get('/api/billing/invoices', ({ request }) => {
      const params = new URL(request.url).searchParams;
      invoiceRequests.push(params);
      const page = Number(params.get('page'));
      const items = invoicePages[page - 1] ?? [];
      return contractJson(invoicePageSchema, { items, total: total ?? items.length, page, pageSize: Number(params.get('pageSize')) });
    }),
  );
  return { invoiceRequests };
}

function entry(index: number, tokens: number, reason: CreditHistoryEntry['reason'], balanceAfter: number, detail: string | null = null): CreditHistoryEntry {
  return {
    id: `7c1d2e3f-4a5b-4c6d-8e7f-${String(index).padStart(12, '0')}`,
    tokens,
    reason,
    detail,
    balanceAfter,
    createdAt: `2026-11-${String(10 + index).padStart(2, '0')}T10:00:00.000Z`,
  };
}

describe('BillingView', () => {
  it('lists every change of the token balance with its reason and the balance after it, newest first', async () => {
    mockBilling({
      overview: tokens({ creditBalance: 979_500 }),
      history: [
        entry(3, -500, 'refund', 979_500, 'Starter pack'),
        entry(2, -20_000, 'overage_taken', 980_000, 'Answer of Acme helper'),
        entry(1, 1_000_000, 'purchase', 1_000_000, 'Big pack'),
      ],
    });
    renderScreen(<BillingView />);
    const table = await screen.findByRole('table', { name: 'Token balance history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Refund.*Starter pack.*−500.*979,500$/),
      expect.stringMatching(/Used past the monthly allowance.*Answer of Acme helper.*−20,000.*980,000$/),
      expect.stringMatching(/Purchase.*Big pack.*\+1,000,000.*1,000,000$/),
    ]);
    // The balance above is the history's latest figure.
    expect(await screen.findByTestId('token-balance')).toHaveTextContent('979,500 tokens');
  });

  it('says when the token balance has no history yet', async () => {
    mockBilling();
    renderScreen(<BillingView />);
    expect(await screen.findByText('No changes yet. Bought and reward tokens will appear here.')).toBeInTheDocument();
  });

  it('shows the token balance and each package with its size and price in the billing currency', async () => {
    mockBilling();
    renderScreen(<BillingView />);

    expect(await screen.findByTestId('token-balance')).toHaveTextContent('1,234,567 tokens');
    expect(screen.getByText('50,000 tokens · $9.00')).toBeInTheDocument();
    expect(screen.getByText('1,000,000 tokens · $149.50')).toBeInTheDocument();
    expect(await screen.findByText(BILLING_MESSAGES.noInvoices)).toBeInTheDocument();
  });

  it('sends the chosen package to the checkout and opens the page it returns', async () => {
    mockBilling();
    let checkoutBody: unknown;
    server.use(
      http.post('/api/billing/tokens/checkout', async ({ request }) => {
        checkoutBody = await request.json();
        // A hash on this page stands for the provider's checkout page: jsdom navigates only within a document.
        return contractJson(portalResultSchema, { url: '#provider-checkout' });
      }),
    );
    const { user } = renderScreen(<BillingView />);

    await user.click(await screen.findByRole('button', { name: 'Buy Big pack' }));

    await expect.poll(() => window.location.hash).toBe('#provider-checkout');
    expect(checkoutBody).toEqual({ packageId: BIG_PACK });
  });

  it('says why when the checkout cannot start', async () => {
    mockBilling();
    server.use(http.post('/api/billing/tokens/checkout', () => apiError(409, 'BILLING_NOT_CONFIGURED', 'Payments are not set up yet.')));
    const { user } = renderScreen(<BillingView />);

    await user.click(await screen.findByRole('button', { name: 'Buy Starter pack' }));

    expect(await screen.findByText(BILLING_MESSAGES.checkoutFailed)).toBeInTheDocument();
    expect(screen.getByText('Payments are not set up yet.')).toBeInTheDocument();
  });

  it('offers no Buy button to a member who may look but not buy', async () => {
    mockBilling({ overview: tokens({ canBuy: false }) });
    renderScreen(<BillingView />);

    expect(await screen.findByText('Big pack')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy / })).not.toBeInTheDocument();
  });

  it('says so when no package is on sale', async () => {
    mockBilling({ overview: tokens({ packages: [] }) });
    renderScreen(<BillingView />);

    expect(await screen.findByText('No token packages are on sale right now.')).toBeInTheDocument();
  });

  it('lists the five newest purchases only', async () => {
    mockBilling({ overview: tokens({ purchases: [1, 2, 3, 4, 5, 6].map((index) => purchase(index)) }) });
    renderScreen(<BillingView />);

    const recent = (await screen.findByText('Recent purchases')).parentElement!;
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByText('Pack 5')).toBeInTheDocument();
    expect(within(recent).queryByText('Pack 6')).not.toBeInTheDocument();
  });

  it('lists invoices with their amount and PDF, and asks the server for the next page', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => invoice(index + 1));
    const secondPage = [invoice(11, { status: 'failed', pdfUrl: null, amountCents: 123_456 })];
    const { invoiceRequests } = mockBilling({ invoicePages: [firstPage, secondPage], total: 11 });
    const { user } = renderScreen(<BillingView />);

    const row = (await screen.findByText('INV-1001')).closest('tr')!;
    expect(within(row).getByText('€49.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'PDF' })).toHaveAttribute('href', 'https://billing.example.com/invoices/1.pdf');
    const pager = screen.getByRole('navigation', { name: 'Invoice pages' });
    expect(pager).toHaveTextContent('1–10 of 11');

    await user.click(within(pager).getByRole('button', { name: 'Next' }));

    const failedRow = (await screen.findByText('INV-1011')).closest('tr')!;
    expect(within(failedRow).getByText('€1,234.56')).toBeInTheDocument();
    expect(within(failedRow).getByText('failed')).toBeInTheDocument();
    expect(within(failedRow).queryByRole('link', { name: 'PDF' })).not.toBeInTheDocument();
    expect(invoiceRequests.map((params) => [params.get('page'), params.get('pageSize')])).toEqual([
      ['1', '10'],
      ['2', '10'],
    ]);
  });

  it('shows the error when the balance cannot be loaded, and still the invoices', async () => {
    mockBilling({ invoicePages: [[invoice(1)]] });
    server.use(http.get('/api/billing/tokens', () => apiError(500, 'INTERNAL_ERROR', 'The billing service is unavailable.')));
    renderScreen(<BillingView />);

    expect(await screen.findByText('Could not load your token balance')).toBeInTheDocument();
    expect(screen.getByText('The billing service is unavailable.')).toBeInTheDocument();
    expect(await screen.findByText('INV-1001')).toBeInTheDocument();
  });

  describe('back from a token checkout', () => {
    it('confirms the tokens once the newest purchase is paid', async () => {
      mockBilling({ overview: tokens({ purchases: [purchase(1, 'paid'), purchase(2, 'pending')] }) });
      renderScreen(<BillingView />, { route: '/dashboard/billing?checkout=success' });

      expect(await screen.findByText(BILLING_MESSAGES.tokensCredited)).toBeInTheDocument();
      expect(screen.queryByTestId('checkout-confirmation')).not.toBeInTheDocument();
    });

    it('keeps waiting while the newest purchase is still pending', async () => {
      mockBilling({ overview: tokens({ purchases: [purchase(1, 'pending'), purchase(2, 'paid')] }) });
      renderScreen(<BillingView />, { route: '/dashboard/billing?checkout=success' });

      expect(await screen.findByTestId('checkout-confirmation')).toHaveTextContent(BILLING_MESSAGES.confirmingPayment);
      expect(await screen.findByText('Pack 1')).toBeInTheDocument();
      expect(screen.queryByText(BILLING_MESSAGES.tokensCredited)).not.toBeInTheDocument();
    });

    it('says nothing was charged when the newest purchase failed', async () => {
      mockBilling({ overview: tokens({ purchases: [purchase(1, 'failed')] }) });
      renderScreen(<BillingView />, { route: '/dashboard/billing?checkout=success' });

      expect(await screen.findByText(BILLING_MESSAGES.paymentNotCompleted)).toBeInTheDocument();
      expect(screen.queryByText(BILLING_MESSAGES.tokensCredited)).not.toBeInTheDocument();
    });

    it('says nothing was charged when the customer canceled', async () => {
      mockBilling();
      renderScreen(<BillingView />, { route: '/dashboard/billing?checkout=canceled' });

      expect(await screen.findByText(BILLING_MESSAGES.checkoutCanceled)).toBeInTheDocument();
      expect(screen.queryByTestId('checkout-confirmation')).not.toBeInTheDocument();
    });
  });
});
