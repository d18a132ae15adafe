import { chatbotNameListSchema } from '@parley/shared/contracts/chatbots';
import { actionCallLogSchema, type ActionCallLogEntry } from '@parley/shared/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { contractJson, server } from '@/test/server';
import { ActionCallLog } from './action-call-log';

const SHOP = '00000000-0000-4000-8000-00000000000a';
const STORE = '00000000-0000-4000-8000-00000000000b';

const call = (overrides: Partial<ActionCallLogEntry> & Pick<ActionCallLogEntry, 'id'>): ActionCallLogEntry => ({
  at: '2026-11-30T10:00:00.000Z',
  chatbotId: SHOP,
  chatbotName: 'Shop',
  actionId: '00000000-0000-4000-8000-0000000000c1',
  actionName: 'order_status',
  urlHost: 'shop.example.com',
  httpStatus: 200,
  durationMs: 240,
  succeeded: true,
  error: null,
  ...overrides,
});

const CALLS = [
  call({ id: '00000000-0000-4000-8000-000000000001' }),
  call({
    id: '00000000-0000-4000-8000-000000000002',
    chatbotId: STORE,
    chatbotName: 'Store',
    actionName: 'stock_check',
    urlHost: 'stock.example.com',
    httpStatus: 500,
    durationMs: 1500,
    succeeded: false,
    error: 'The action’s endpoint answered HTTP 500 Internal Server Error.',
  }),
  call({
    id: '00000000-0000-4000-8000-000000000003',
    chatbotId: STORE,
    chatbotName: 'Store',
    actionName: 'stock_check',
    urlHost: 'stock.example.com',
    httpStatus: null,
    durationMs: 10_000,
    succeeded: false,
    error: 'The action’s endpoint could not be reached: no answer within 10 s.',
  }),
];

/** The log's requests' search parameters; the answer filtered as the server filters it. */
function mockLog(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/webhooks/action-calls', ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search);
      const items = CALLS.filter(
        (item) =>
          (!search.get('chatbotId') || item.chatbotId === search.get('chatbotId')) &&
          (!search.get('outcome') || item.succeeded === (search.get('outcome') === 'succeeded')),
      );
      return contractJson(actionCallLogSchema, { items, total: items.length, page: 1, pageSize: 20 });
    }),
    http.get('/api/chatbots/names', () =>
      contractJson(chatbotNameListSchema, {
        items: [
          { id: SHOP, name: 'Shop', status: 'live' },
          { id: STORE, name: 'Store', status: 'live' },
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    ),
  );
  return asked;
}

const rowTexts = () => screen.getAllByTestId('action-call').map((row) => row.textContent);

describe('ActionCallLog', () => {
  it('shows each call: outcome, action, chatbot, host, HTTP status, duration and error', async () => {
    const asked = mockLog();
    renderScreen(<ActionCallLog />);

    const rows = await screen.findAllByTestId('action-call');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Delivered')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(/order_statusShop.*shop\.example\.com.*HTTP 200240 ms/);
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/stock_checkStore.*stock\.example\.com.*HTTP 5001\.5 s/);
    expect(within(rows[1]!).getByText('The action’s endpoint answered HTTP 500 Internal Server Error.')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent(/No answer10 s/);
    expect(screen.getByText('3 calls')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: '1', pageSize: '20' });
  });

  it('filters by outcome and by chatbot, and says when nothing matches', async () => {
    const asked = mockLog();
    const { user } = renderScreen(<ActionCallLog />);
    await screen.findAllByTestId('action-call');

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(screen.getAllByTestId('action-call')).toHaveLength(2));
    expect(asked.at(-1)!.get('outcome')).toBe('failed');
    expect(rowTexts().every((text) => text?.includes('Failed'))).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Chatbot' }));
    await user.click(await screen.findByRole('option', { name: 'Shop' }));
    expect(await screen.findByText('No action calls match')).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ page: '1', pageSize: '20', outcome: 'failed', chatbotId: SHOP });
  });

  it('says what will show before any call is made', async () => {
    server.use(http.get('/api/webhooks/action-calls', () => contractJson(actionCallLogSchema, { items: [], total: 0, page: 1, pageSize: 20 })));
    renderScreen(<ActionCallLog />);
    expect(await screen.findByText('No action calls yet')).toBeInTheDocument();
  });
});
