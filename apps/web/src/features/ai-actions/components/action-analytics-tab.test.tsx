import { actionAnalyticsSchema, type ActionAnalytics, type ActionCallFigures, type ActionUsage } from '@parley/shared/contracts/ai-actions';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { contractJson, server } from '@/test/server';
import { ActionAnalyticsTab } from './action-analytics-tab';

const NONE: ActionCallFigures = { calls: 0, succeeded: 0, failed: 0, successRate: null, avgDurationMs: null, p95DurationMs: null };
const figures = (calls: number, failed: number, avgDurationMs: number, p95DurationMs: number): ActionCallFigures => ({
  calls,
  succeeded: calls - failed,
  failed,
  successRate: (calls - failed) / calls,
  avgDurationMs,
  p95DurationMs,
});

function usage(days: number, calls: number): ActionUsage {
  const daily = Array.from({ length: days }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, calls: 0, failed: 0 }));
  if (calls > 0) daily[days - 1] = { date: daily[days - 1]!.date, calls, failed: 2 };
  return {
    period: { from: daily[0]!.date, to: daily[days - 1]!.date, days },
    totals: { ...(calls > 0 ? figures(calls, 2, 400, 880) : NONE), chatbotsWithActions: 3, chatbotsCalling: calls > 0 ? 2 : 0 },
    daily,
    byKind: [
      { kind: 'webhook', ...(calls > 0 ? figures(calls - 1, 2, 400, 880) : NONE) },
      { kind: 'mcp', ...NONE },
      ...(calls > 0 ? [{ kind: null, ...figures(1, 0, 70, 70) }] : []),
    ],
    byTemplate:
      calls > 0
        ? [
            {
              source: 'template',
              templateId: '00000000-0000-4000-8000-000000000001',
              name: 'Order lookup',
              isActive: true,
              actions: 2,
              chatbots: 2,
              ...figures(2, 1, 120, 150),
            },
            {
              source: 'template',
              templateId: '00000000-0000-4000-8000-000000000002',
              name: 'Unused template',
              isActive: false,
              actions: 0,
              chatbots: 0,
              ...NONE,
            },
            { source: 'own', templateId: null, name: 'Own actions', isActive: null, actions: 1, chatbots: 1, ...figures(calls - 3, 1, 400, 880) },
            { source: 'deleted', templateId: null, name: 'Deleted actions', isActive: null, actions: 0, chatbots: 0, ...figures(1, 0, 70, 70) },
          ]
        : [{ source: 'own', templateId: null, name: 'Own actions', isActive: null, actions: 0, chatbots: 0, ...NONE }],
  };
}

const analytics = (days: number, calls: number): ActionAnalytics => ({
  total: 2,
  active: 1,
  categories: 1,
  featured: 0,
  webhooks: 0,
  eventHandlers: 0,
  byCategory: [],
  byActionType: [],
  usage: usage(days, calls),
});

/** The screen's requests' `days`, and the answer for each. */
function mockAnalytics(callsFor: Record<number, number>): number[] {
  const asked: number[] = [];
  server.use(
    http.get('/api/admin/ai-actions/analytics', ({ request }) => {
      const days = Number(new URL(request.url).searchParams.get('days'));
      asked.push(days);
      return contractJson(actionAnalyticsSchema, analytics(days, callsFor[days] ?? 0));
    }),
  );
  return asked;
}

const statCard = (title: string) => screen.getByTestId(`stat-${title.toLowerCase().replace(/\s+/g, '-')}`);

describe('ActionAnalyticsTab', () => {
  it('shows the calls of the last 30 days: the figures, a chart of calls per day with the failures, and each template’s success rate', async () => {
    const asked = mockAnalytics({ 30: 8 });
    renderScreen(<ActionAnalyticsTab />);

    const table = await screen.findByRole('table', { name: 'Calls per template' });
    expect(asked).toEqual([30]);
    expect(within(statCard('Action Calls')).getByText('8')).toBeInTheDocument();
    expect(statCard('Action Calls')).toHaveTextContent('2 of 3 chatbots with actions called one');
    expect(within(statCard('Success Rate')).getByText('75%')).toBeInTheDocument();
    expect(within(statCard('p95 Duration')).getByText('880 ms')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Action calls per day over 30 days: 8 calls, 2 failed' })).toBeInTheDocument();

    const rows = within(table).getAllByTestId('template-usage-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Order lookup',
      'Unused templateInactive',
      'Own actions',
      'Deleted actions',
    ]);
    // Order lookup: 2 actions on 2 chatbots, 2 calls, 1 failed, 50%, 120 ms on average.
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Order lookup', '2', '2', '2', '1', '50%', '120 ms', '150 ms']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(3)
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '—', '—', '—']);
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['—', '—']);

    const kinds = screen.getByRole('list', { name: 'Calls per kind' });
    expect(within(kinds).getByText('Webhook').closest('li')).toHaveTextContent('7 calls71%');
    expect(within(kinds).getByText('Deleted actions')).toBeInTheDocument();
    // The catalogue's counts stay.
    expect(within(statCard('Total Actions')).getByText('2')).toBeInTheDocument();
  });

  it('asks for another period when one is chosen, and says when no chatbot called an action', async () => {
    const asked = mockAnalytics({ 30: 8, 7: 0 });
    const { user } = renderScreen(<ActionAnalyticsTab />);
    await screen.findByRole('table', { name: 'Calls per template' });

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days']);
    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));

    expect(await screen.findByText('No chatbot called an action in this period.')).toBeInTheDocument();
    expect(asked).toEqual([30, 7]);
    expect(within(statCard('Success Rate')).getByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Action calls per day/ })).toBeNull();
  });
});
