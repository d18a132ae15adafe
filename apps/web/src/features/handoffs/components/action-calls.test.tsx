import { messageActionCallSchema, type MessageActionCall } from '@parley/shared/contracts/chatbot-actions';
import { handoffDetailSchema, handoffMessageSchema, handoffSummarySchema, type HandoffMessage } from '@parley/shared/contracts/handoffs';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { contractJson, server } from '@/test/server';
import { ConversationTranscript } from './conversation-transcript';
import { HandoffConversation } from './handoff-conversation';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 10, minute)).toISOString();
const message = (id: string, role: HandoffMessage['role'], content: string, minute: number): HandoffMessage =>
  handoffMessageSchema.parse({ id, role, content, authorName: null, createdAt: at(minute) });
const call = (overrides: Partial<MessageActionCall>): MessageActionCall =>
  messageActionCallSchema.parse({
    id: '70000000-0000-4000-8000-000000000001',
    messageId: '10000000-0000-4000-8000-000000000002',
    actionId: null,
    actionName: 'order_status',
    arguments: { order_id: 'A-123', api_key: '••••••' },
    resultExcerpt: '{"status":"shipped"}',
    error: null,
    httpStatus: 200,
    durationMs: 120,
    createdAt: at(1),
    ...overrides,
  });

const MESSAGES = [
  message('10000000-0000-4000-8000-000000000001', 'user', 'Where is order A-123?', 0),
  message('10000000-0000-4000-8000-000000000002', 'assistant', 'It has shipped and arrives Friday.', 1),
  message('10000000-0000-4000-8000-000000000003', 'user', 'And order B-9?', 2),
  message('10000000-0000-4000-8000-000000000004', 'assistant', 'I could not look that one up.', 3),
];

describe('the inbox transcript’s action calls', () => {
  it('shows each call under the answer it was made for, collapsed until opened, with masked arguments and the result or error', async () => {
    const calls = [
      call({}),
      call({
        id: '70000000-0000-4000-8000-000000000002',
        messageId: '10000000-0000-4000-8000-000000000004',
        arguments: { order_id: 'B-9' },
        resultExcerpt: null,
        error: 'The action’s endpoint answered HTTP 500.',
        httpStatus: 500,
        durationMs: 1500,
        createdAt: at(3),
      }),
    ];
    const { user } = renderScreen(<ConversationTranscript handoffId="h1" messages={MESSAGES} visitorLabel="Visitor 3F9A" actionCalls={calls} />);

    const [first, second] = screen.getAllByRole('list', { name: /Actions called for this answer/ });
    // Under the first answer: its one call, one line until opened.
    const firstAnswer = screen.getByText('It has shipped and arrives Friday.').closest('li')!;
    expect(within(firstAnswer).getByRole('list', { name: 'Actions called for this answer (1)' })).toBe(first);
    const trigger = within(first!).getByRole('button', { name: /Called order_status/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('done · HTTP 200 · 120 ms');
    expect(within(first!).queryByText('Arguments')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(first!).getByText(/"api_key": "••••••"/)).toBeInTheDocument();
    expect(within(first!).getByText('{"status":"shipped"}')).toBeInTheDocument();

    const secondAnswer = screen.getByText('I could not look that one up.').closest('li')!;
    expect(within(secondAnswer).getByRole('list', { name: /Actions called/ })).toBe(second);
    const failed = within(second!).getByRole('button', { name: /Called order_status/ });
    expect(failed).toHaveTextContent('failed · HTTP 500 · 1.5 s');
    await user.click(failed);
    expect(within(second!).getByText('The action’s endpoint answered HTTP 500.')).toBeInTheDocument();
  });

  it('shows nothing more for a conversation without calls', () => {
    renderScreen(<ConversationTranscript handoffId="h1" messages={MESSAGES} visitorLabel="Visitor 3F9A" />);
    expect(screen.queryByRole('list', { name: /Actions called/ })).not.toBeInTheDocument();
  });
});

describe('the inbox conversation pane', () => {
  const HANDOFF_ID = 'e0000000-0000-4000-8000-000000000001';
  const summary = handoffSummarySchema.parse({
    id: HANDOFF_ID,
    conversationId: 'f0000000-0000-4000-8000-000000000001',
    chatbotId: 'c4a7e2b0-5d1f-4e8a-9b3c-2f6d8e0a1b2c',
    chatbotName: 'Shop bot',
    visitorLabel: 'Visitor 3F9A',
    status: 'waiting',
    reason: 'visitor_request',
    requestedAt: at(4),
    acceptedAt: null,
    acceptedByName: null,
    closedAt: null,
    closeOutcome: null,
    unreadCount: 0,
    lastMessageAt: at(4),
    lastMessagePreview: 'And order B-9?',
  });
  const serve = (contact: unknown) =>
    server.use(
      http.get('/api/handoffs/:id', () =>
        contractJson(handoffDetailSchema, { handoff: summary, messages: MESSAGES, actionCalls: [call({})], contact: contact as null }),
      ),
    );

  it('shows the calls from the handoff detail, and the contact details the visitor gave beside the conversation', async () => {
    serve({ name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678', collectedAt: at(2) });
    renderScreen(<HandoffConversation handoffId={HANDOFF_ID} now={Date.now()} onBack={() => {}} />);

    const contact = await screen.findByRole('region', { name: 'Visitor’s contact details' });
    expect(within(contact).getByText('Ana Lima')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'E-mail ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(within(contact).getByRole('link', { name: 'Phone +351 912 345 678' })).toHaveAttribute('href', 'tel:+351912345678');
    expect(screen.getByRole('list', { name: 'Actions called for this answer (1)' })).toBeInTheDocument();
  });

  it('shows no contact panel when the visitor gave none', async () => {
    serve(null);
    renderScreen(<HandoffConversation handoffId={HANDOFF_ID} now={Date.now()} onBack={() => {}} />);
    expect(await screen.findByText('It has shipped and arrives Friday.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Visitor’s contact details' })).not.toBeInTheDocument();
  });
});
