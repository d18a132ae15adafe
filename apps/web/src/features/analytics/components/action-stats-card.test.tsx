import { actionStatsSchema, type ActionStat } from '@parley/shared/contracts/analytics';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { contractJson, server } from '@/test/server';
import { ActionStatsCard } from './action-stats-card';

const PARAMS = { from: '2026-11-01', to: '2026-11-30', tz: 'UTC' };
const SHOP = '00000000-0000-4000-8000-00000000000a';

const stat = (overrides: Partial<ActionStat> & Pick<ActionStat, 'actionName'>): ActionStat => ({
  chatbotId: SHOP,
  chatbotName: 'Shop',
  actionId: '00000000-0000-4000-8000-0000000000b1',
  calls: 10,
  succeeded: 10,
  successRate: 1,
  avgDurationMs: 240,
  lastCalledAt: '2026-11-30T10:00:00.000Z',
  lastError: null,
  lastErrorAt: null,
  ...overrides,
});

/** Eleven actions over two pages of ten; the requests' search parameters. */
function mockStats(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  const items = [
    stat({ actionName: 'order_status', calls: 12, succeeded: 12 }),
    stat({
      actionName: 'refund',
      actionId: null,
      calls: 4,
      succeeded: 3,
      successRate: 0.75,
      avgDurationMs: 1500,
      lastError: 'The action’s endpoint answered HTTP 502.',
      lastErrorAt: '2026-11-29T08:00:00.000Z',
    }),
    ...Array.from({ length: 9 }, (_, i) => stat({ actionName: `extra_${i + 1}`, calls: 1, succeeded: 1, chatbotName: 'Store' })),
  ];
  server.use(
    http.get('/api/analytics/actions', ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search);
      const page = Number(search.get('page'));
      const pageSize = Number(search.get('pageSize'));
      return contractJson(actionStatsSchema, {
        items: items.slice((page - 1) * pageSize, page * pageSize),
        total: items.length,
        page,
        pageSize,
        totals: { calls: 25, succeeded: 24, successRate: 0.96, avgDurationMs: 410 },
      });
    }),
  );
  return asked;
}

describe('ActionStatsCard', () => {
  it('lists each action’s calls, success rate, average duration and last error for the filter, ten at a time', async () => {
    const asked = mockStats();
    const { user } = renderScreen(<ActionStatsCard params={PARAMS} />);

    const table = await screen.findByRole('table', { name: 'Calls per action' });
    expect(screen.getByText('25 calls in the period, 96% succeeded, 410 ms on average.')).toBeInTheDocument();
    const rows = within(table).getAllByTestId('action-stat');
    expect(rows).toHaveLength(10);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringMatching(/^order_statusShop · last called /), '12', '100%', '240 ms', 'None']);
    const refund = within(rows[1]!).getAllByRole('cell');
    expect(refund[0]).toHaveTextContent(/^refundShop · deleted · last called /);
    expect(refund.slice(1).map((cell) => cell.textContent)).toEqual(['4', '75%', '1.5 s', 'The action’s endpoint answered HTTP 502.']);
    expect(Object.fromEntries(asked[0]!)).toEqual({ ...PARAMS, page: '1', pageSize: '10' });

    await user.click(screen.getByRole('button', { name: /next/i }));
    await screen.findByText('extra_9');
    expect(within(screen.getByRole('table', { name: 'Calls per action' })).getAllByTestId('action-stat')).toHaveLength(1);
    expect(asked.at(-1)!.get('page')).toBe('2');
  });

  it('leaves out the chatbot’s name when one chatbot is chosen', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/analytics/actions', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('chatbotId') ?? '');
        return contractJson(actionStatsSchema, {
          items: [stat({ actionName: 'order_status' })],
          total: 1,
          page: 1,
          pageSize: 10,
          totals: { calls: 10, succeeded: 10, successRate: 1, avgDurationMs: 240 },
        });
      }),
    );
    renderScreen(<ActionStatsCard params={{ ...PARAMS, chatbotId: SHOP }} />);
    const [row] = await screen.findAllByTestId('action-stat');
    expect(within(row!).getAllByRole('cell')[0]).toHaveTextContent(/^order_statuslast called /);
    expect(asked).toEqual([SHOP]);
    expect(screen.getByText('1 action')).toBeInTheDocument();
  });

  it('says when no action was called in the period', async () => {
    server.use(
      http.get('/api/analytics/actions', () =>
        contractJson(actionStatsSchema, {
          items: [],
          total: 0,
          page: 1,
          pageSize: 10,
          totals: { calls: 0, succeeded: 0, successRate: null, avgDurationMs: null },
        }),
      ),
    );
    renderScreen(<ActionStatsCard params={PARAMS} />);
    expect(await screen.findByText('No action was called in this period.')).toBeInTheDocument();
    expect(screen.getByText('The webhooks and tools your chatbots called while answering visitors.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
