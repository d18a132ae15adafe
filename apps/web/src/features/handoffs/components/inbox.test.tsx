import {
  handoffDetailSchema,
  handoffListResponseSchema,
  handoffMessageSchema,
  handoffSummarySchema,
  type HandoffMessage,
  type HandoffSummary,
  type InboxEvent,
} from '@parley/shared/contracts/handoffs';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen, testLocation } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { Inbox } from './inbox';

const MINUTE = 60_000;
const CHATBOT_ID = 'c4a7e2b0-5d1f-4e8a-9b3c-2f6d8e0a1b2c';
const WAITING_ID = 'e0000000-0000-4000-8000-000000000001';
const ACTIVE_ID = 'e0000000-0000-4000-8000-000000000002';
const CLOSED_ID = 'e0000000-0000-4000-8000-000000000003';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function handoff(overrides: Partial<HandoffSummary> & Pick<HandoffSummary, 'id' | 'visitorLabel'>): HandoffSummary {
  return handoffSummarySchema.parse({
    conversationId: overrides.id.replace(/^e/, 'f'),
    chatbotId: CHATBOT_ID,
    chatbotName: 'Help bot',
    status: 'waiting',
    reason: 'visitor_request',
    // 4 min 40 s: the badge counts whole minutes waited, rounded down.
    requestedAt: ago(4 * MINUTE + 40_000),
    acceptedAt: null,
    acceptedByName: null,
    closedAt: null,
    closeOutcome: null,
    unreadCount: 0,
    lastMessageAt: ago(3 * MINUTE),
    lastMessagePreview: '',
    ...overrides,
  });
}

const waiting = () => handoff({ id: WAITING_ID, visitorLabel: 'Visitor 3F9A', unreadCount: 2, lastMessagePreview: 'Can I talk to a person?' });
const active = () =>
  handoff({ id: ACTIVE_ID, visitorLabel: 'Visitor 7B21', status: 'active', acceptedAt: ago(MINUTE), acceptedByName: 'Dana', lastMessagePreview: 'Thank you!' });
const closed = () =>
  handoff({ id: CLOSED_ID, visitorLabel: 'Visitor 1C04', status: 'closed', closedAt: ago(MINUTE), closeOutcome: 'bot', lastMessagePreview: 'Bye' });

function message(index: number, role: HandoffMessage['role'], content: string, authorName: string | null = null): HandoffMessage {
  return { id: `a0000000-0000-4000-8000-00000000000${index}`, role, content, authorName, createdAt: ago((10 - index) * MINUTE) };
}

const TRANSCRIPT: HandoffMessage[] = [
  message(1, 'user', 'How do I export my data?'),
  message(2, 'assistant', 'You can export it from **Settings**.'),
  message(3, 'user', 'Can I talk to a person?'),
  message(4, 'system', 'The visitor asked for a person.'),
];

interface InboxMock {
  open?: HandoffSummary[];
  closedItems?: HandoffSummary[];
  usage?: { used: number; limit: number; isLimitReached: boolean };
}

/**
 * The inbox's API: the two lists, one conversation each, the event stream (held open; `emit` sends an event) and
 * the writes, recorded.
 */
function mockInbox({ open = [waiting(), active()], closedItems = [closed()], usage = { used: 3, limit: 10, isLimitReached: false } }: InboxMock = {}) {
  const lists = { open, closed: closedItems };
  const transcripts = new Map<string, HandoffMessage[]>();
  const transcriptOf = (id: string) => transcripts.get(id) ?? TRANSCRIPT;
  const listRequests: string[] = [];
  const writes: { path: string; body: unknown }[] = [];
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;

  const record = async (request: Request) => {
    const body: unknown = await request.json();
    writes.push({ path: new URL(request.url).pathname, body });
    return body;
  };
  const update = (id: string, change: (item: HandoffSummary) => HandoffSummary) => {
    lists.open = lists.open.map((item) => (item.id === id ? change(item) : item));
  };

  server.use(
    http.get('/api/handoffs/events', () => {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
    http.get('/api/handoffs', ({ request }) => {
      const params = new URL(request.url).searchParams;
      listRequests.push(params.toString());
      const status = params.get('status') === 'closed' ? 'closed' : 'open';
      const items = lists[status];
      const unreadTotal = lists.open.reduce((sum, item) => sum + item.unreadCount, 0);
      return contractJson(handoffListResponseSchema, { items, total: items.length, page: 1, pageSize: 25, unreadTotal, usage });
    }),
    http.get('/api/handoffs/:id', ({ params }) => {
      const item = [...lists.open, ...lists.closed].find((candidate) => candidate.id === params.id);
      if (!item) return apiError(404, 'NOT_FOUND', 'Handoff not found.');
      return contractJson(handoffDetailSchema, { handoff: item, messages: transcriptOf(item.id) });
    }),
    http.post('/api/handoffs/:id/read', async ({ request, params }) => {
      await record(request);
      update(String(params.id), (item) => ({ ...item, unreadCount: 0 }));
      return HttpResponse.json({ ok: true });
    }),
    http.post('/api/handoffs/:id/messages', async ({ request, params }) => {
      const { content } = (await record(request)) as { content: string };
      const reply = { ...message(9, 'agent', content, 'Sam'), createdAt: new Date().toISOString() };
      transcripts.set(String(params.id), [...transcriptOf(String(params.id)), reply]);
      return contractJson(handoffMessageSchema, reply);
    }),
    http.post('/api/handoffs/:id/close', async ({ request, params }) => {
      const { outcome } = (await record(request)) as { outcome: 'bot' | 'ended' };
      const item = lists.open.find((candidate) => candidate.id === params.id)!;
      const closedItem: HandoffSummary = { ...item, status: 'closed', closedAt: new Date().toISOString(), closeOutcome: outcome };
      lists.open = lists.open.filter((candidate) => candidate.id !== item.id);
      lists.closed = [closedItem, ...lists.closed];
      return contractJson(handoffSummarySchema, closedItem);
    }),
  );

  return {
    lists,
    listRequests,
    writes,
    emit: (event: InboxEvent) => stream?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
  };
}

const rows = () => screen.getAllByTestId('handoff-row');
const rowOf = (visitor: string) => rows().find((row) => within(row).queryByText(visitor))!;

describe('Inbox', () => {
  it('lists the open conversations with how long each has waited, who answers and what is unread', async () => {
    const { listRequests } = mockInbox();
    renderScreen(<Inbox />);

    await screen.findByText('Visitor 3F9A');
    expect(within(rowOf('Visitor 3F9A')).getByText('Waiting 4 min')).toBeInTheDocument();
    expect(within(rowOf('Visitor 3F9A')).getByText('2')).toHaveTextContent('2 unread');
    expect(within(rowOf('Visitor 3F9A')).getByText('Can I talk to a person?')).toBeInTheDocument();
    expect(within(rowOf('Visitor 7B21')).getByText('Active · Dana')).toBeInTheDocument();
    expect(within(rowOf('Visitor 7B21')).queryByText(/unread/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Open/ })).toHaveTextContent('Open2');
    expect(screen.getByText('Live chats this month: 3 of 10')).toBeInTheDocument();
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(listRequests[0]).toBe('status=open&page=1&pageSize=25');
  });

  it('warns when the month’s live chats are used up', async () => {
    mockInbox({ usage: { used: 10, limit: 10, isLimitReached: true } });
    renderScreen(<Inbox />);

    expect(await screen.findByTestId('handoff-limit-banner')).toHaveTextContent('No live chats left this month');
    expect(screen.getByText('Live chats this month: 10 of 10')).toBeInTheDocument();
  });

  it('counts the month’s live chats without a limit on an unlimited plan', async () => {
    mockInbox({ usage: { used: 42, limit: -1, isLimitReached: false } });
    renderScreen(<Inbox />);

    expect(await screen.findByText('Live chats this month: 42 (unlimited plan)')).toBeInTheDocument();
    expect(screen.queryByTestId('handoff-limit-banner')).not.toBeInTheDocument();
  });

  it('says so when nobody is waiting, and shows the closed conversations on their tab', async () => {
    const { listRequests } = mockInbox({ open: [] });
    const { user } = renderScreen(<Inbox />);

    expect(await screen.findByText('No open conversations.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Closed' }));

    expect(await screen.findByText('Visitor 1C04')).toBeInTheDocument();
    expect(within(rowOf('Visitor 1C04')).getByText('Back to bot')).toBeInTheDocument();
    expect(listRequests).toContain('status=closed&page=1&pageSize=25');
  });

  it('shows why the conversations could not be loaded', async () => {
    mockInbox();
    server.use(http.get('/api/handoffs', () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Try again shortly.')));
    renderScreen(<Inbox />);

    expect(await screen.findByText('The conversations could not be loaded. The service is busy. Try again shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens a conversation with its whole transcript and marks it read', async () => {
    const { writes } = mockInbox();
    const { user } = renderScreen(<Inbox />);

    await user.click(await screen.findByText('Visitor 3F9A'));

    const conversation = await screen.findByTestId('handoff-conversation');
    expect(testLocation().search).toBe(`?handoff=${WAITING_ID}`);
    expect(within(conversation).getByRole('heading', { name: 'Visitor 3F9A' })).toBeInTheDocument();
    expect(within(conversation).getByText('Help bot · Asked with the widget’s button')).toBeInTheDocument();
    const transcript = within(conversation).getByRole('list', { name: 'Conversation' });
    expect(within(transcript).getByText('How do I export my data?')).toBeInTheDocument();
    // The assistant's markdown is formatted, not shown as typed.
    const answer = within(transcript).getByText('Settings', { selector: 'strong' });
    expect(answer.closest('p')).toHaveTextContent('You can export it from Settings.');
    expect(answer.closest('[data-role]')).toHaveAttribute('data-role', 'assistant');
    expect(within(transcript).getByText('The visitor asked for a person.')).toHaveAttribute('data-role', 'system');
    expect(within(conversation).getByPlaceholderText('Reply to join the conversation…')).toBeEnabled();

    await waitFor(() => expect(within(rowOf('Visitor 3F9A')).queryByText(/unread/)).not.toBeInTheDocument());
    expect(writes).toEqual([{ path: `/api/handoffs/${WAITING_ID}/read`, body: {} }]);
  });

  it('does not mark a conversation read when nothing in it is unread', async () => {
    const { writes } = mockInbox();
    renderScreen(<Inbox />, { route: `/dashboard/inbox?handoff=${ACTIVE_ID}` });

    expect(await screen.findByTestId('handoff-conversation')).toHaveTextContent('Active · Dana');
    expect(writes).toEqual([]);
  });

  it('sends a reply with Enter, trimmed, and shows it at once', async () => {
    const { writes } = mockInbox();
    const { user } = renderScreen(<Inbox />, { route: `/dashboard/inbox?handoff=${ACTIVE_ID}` });

    const box = await screen.findByLabelText('Reply to the visitor');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Let me check that for you.  {Enter}');

    expect(await screen.findByText('Let me check that for you.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(writes).toEqual([{ path: `/api/handoffs/${ACTIVE_ID}/messages`, body: { content: 'Let me check that for you.' } }]);
  });

  it('puts a reply that could not be sent back in the box', async () => {
    mockInbox();
    server.use(http.post('/api/handoffs/:id/messages', () => apiError(409, 'HANDOFF_CLOSED', 'This conversation was closed meanwhile.')));
    const { user } = renderScreen(<Inbox />, { route: `/dashboard/inbox?handoff=${ACTIVE_ID}` });

    const box = await screen.findByLabelText('Reply to the visitor');
    await user.type(box, 'Are you still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('This conversation was closed meanwhile.')).toBeInTheDocument();
    expect(box).toHaveValue('Are you still there?');
  });

  it('takes no reply and offers no actions in a closed conversation', async () => {
    mockInbox();
    renderScreen(<Inbox />, { route: `/dashboard/inbox?handoff=${CLOSED_ID}` });

    const conversation = await screen.findByTestId('handoff-conversation');
    expect(within(conversation).getByLabelText('Reply to the visitor')).toBeDisabled();
    expect(within(conversation).getByPlaceholderText('This conversation is closed.')).toBeInTheDocument();
    expect(within(conversation).queryByRole('button', { name: 'Hand back to bot' })).not.toBeInTheDocument();
    expect(within(conversation).queryByRole('button', { name: 'End conversation' })).not.toBeInTheDocument();
  });

  it('hands the visitor back to the assistant', async () => {
    const { writes } = mockInbox();
    const { user } = renderScreen(<Inbox />, { route: `/dashboard/inbox?handoff=${ACTIVE_ID}` });

    await user.click(await screen.findByRole('button', { name: 'Hand back to bot' }));

    expect(await screen.findByText('Visitor 7B21 is chatting with the assistant again.')).toBeInTheDocument();
    expect(writes).toEqual([{ path: `/api/handoffs/${ACTIVE_ID}/close`, body: { outcome: 'bot' } }]);
    expect(await screen.findByPlaceholderText('This conversation is closed.')).toBeDisabled();
  });

  it('ends the conversation only after the confirmation', async () => {
    const { writes } = mockInbox();
    const { user } = renderScreen(<Inbox />, { route: `/dashboard/inbox?handoff=${ACTIVE_ID}` });

    await user.click(await screen.findByRole('button', { name: 'End conversation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this conversation?' });
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'End conversation' }));

    expect(await screen.findByText('Conversation ended.')).toBeInTheDocument();
    expect(writes).toEqual([{ path: `/api/handoffs/${ACTIVE_ID}/close`, body: { outcome: 'ended' } }]);
  });

  it('says when a linked conversation does not exist', async () => {
    mockInbox();
    renderScreen(<Inbox />, { route: '/dashboard/inbox?handoff=e0000000-0000-4000-8000-0000000000ff' });

    expect(await screen.findByText('This conversation was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows a new visitor message when the event stream announces it', async () => {
    const { lists, emit } = mockInbox();
    const { queryClient } = renderScreen(<Inbox />);

    expect(await screen.findByText('Live')).toBeInTheDocument();
    await screen.findByText('Can I talk to a person?');
    // The refetch the stream's opening starts is over, and the visitor writes later than 100 ms after it (within that,
    // a refetch would share the last read: lib/request-dedup.ts). Only the event can bring the new message now.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await afterDedupWindow();
    lists.open = [{ ...waiting(), unreadCount: 3, lastMessagePreview: 'Hello? Anyone there?' }, active()];
    emit({ type: 'message', handoffId: WAITING_ID, message: message(5, 'user', 'Hello? Anyone there?') });

    expect(await screen.findByText('Hello? Anyone there?')).toBeInTheDocument();
    expect(within(rowOf('Visitor 3F9A')).getByText('3')).toHaveTextContent('3 unread');
  });
});
