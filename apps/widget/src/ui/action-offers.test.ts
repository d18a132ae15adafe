// @vitest-environment jsdom
import type { ActionOffer } from '@parley/shared/contracts/chatbot-actions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatError, runOfferedAction } from '../api';
import { loadVisitorState, saveVisitorState, type KeyValueStore } from '../storage';
import type { ActionRunOutcome } from './action-offers';
import { createWidgetView, type ViewOptions, type WidgetView } from './view';

const DEMO: ActionOffer = {
  actionId: '6a1f6c59-0d1e-4a39-9b51-2f8c1a0b9e11',
  label: 'Book a demo',
  description: 'Books a product demo with the sales team.',
  fields: [
    { name: 'email', label: 'Email', type: 'string', required: true, description: 'Where the invitation goes' },
    { name: 'team_size', label: 'Team size', type: 'integer', required: false, description: '' },
    { name: 'plan', label: 'Plan', type: 'string', required: false, description: '', options: ['starter', 'pro'] },
    { name: 'urgent', label: 'Urgent', type: 'boolean', required: false, description: '' },
  ],
};
const CALLBACK: ActionOffer = { actionId: '7b2f6c59-0d1e-4a39-9b51-2f8c1a0b9e12', label: 'Call me back', description: 'A call back.', fields: [] };

let view: WidgetView | null = null;
afterEach(() => {
  view?.host.remove();
  vi.unstubAllGlobals();
});

function answerWithOffers(run: ViewOptions['onRunAction']) {
  view = createWidgetView({
    chatbotId: 'bot-1',
    appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Help', avatarUrl: null },
    welcomeMessage: '',
    suggestedQuestions: [],
    refusal: null,
    handoffEnabled: false,
    onSend: () => {},
    onRestart: () => {},
    onAskForPerson: () => {},
    onRate: async () => true,
    onRunAction: run,
  });
  document.body.appendChild(view.host);
  view.showConversation([]);
  view.open();
  const answer = view.startAnswer();
  answer.append('I could not find that in the documents.');
  answer.finish([], { id: 'm1', offers: [DEMO, CALLBACK] });
  const root = view.host.shadowRoot!;
  const group = root.querySelector('.actions')!;
  const button = (label: string) => [...group.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;
  return { root, group, button };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('actions offered as buttons in the widget', () => {
  it('shows the offers as buttons under the answer, in a labelled group', () => {
    const { group } = answerWithOffers(async () => ({ ok: true, message: 'Done.' }));
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-label')).toBe('Actions you can take');
    expect([...group.querySelectorAll('.action-list button')].map((b) => b.textContent)).toEqual(['Book a demo', 'Call me back']);
    expect(group.closest('.msg.bot')).not.toBeNull();
  });

  it('asks for the fields and a confirmation before anything is sent; Cancel brings the buttons back', async () => {
    const run = vi.fn(async (): Promise<ActionRunOutcome> => ({ ok: true, message: 'Done.' }));
    const { root, group, button } = answerWithOffers(run);
    button('Book a demo').click();
    const card = group.querySelector('form.action-card')!;
    expect(card.querySelector('.ask')?.textContent).toBe('Send to Book a demo?');
    expect([...card.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['Email', 'Team size (optional)', 'Plan (optional)', 'Urgent (optional)']);
    const email = card.querySelector('input')!;
    expect(root.activeElement).toBe(email);
    expect(email.getAttribute('aria-required')).toBe('true');
    expect(root.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Where the invitation goes');
    expect((group.querySelector('.action-list') as HTMLElement).hidden).toBe(true);
    expect(run).not.toHaveBeenCalled();

    (card.querySelector('.cancel') as HTMLButtonElement).click();
    expect(group.querySelector('form')).toBeNull();
    expect((group.querySelector('.action-list') as HTMLElement).hidden).toBe(false);
    expect(root.activeElement).toBe(button('Book a demo'));
    expect(run).not.toHaveBeenCalled();
  });

  it('names a required field left empty, and sends nothing', () => {
    const run = vi.fn(async (): Promise<ActionRunOutcome> => ({ ok: true, message: 'Done.' }));
    const { root, group, button } = answerWithOffers(run);
    button('Book a demo').click();
    const card = group.querySelector('form')!;
    (card.querySelector('.confirm') as HTMLButtonElement).click();
    const problem = card.querySelector('.problem') as HTMLElement;
    expect(problem.hidden).toBe(false);
    expect(problem.getAttribute('role')).toBe('alert');
    expect(problem.textContent).toBe('Email is required.');
    expect(root.activeElement).toBe(card.querySelector('input'));
    expect(run).not.toHaveBeenCalled();
    // Typing takes the message away.
    const email = card.querySelector('input')!;
    email.value = 'ada@example.com';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    expect(problem.hidden).toBe(true);
  });

  it('sends the typed arguments on Confirm, then removes the button once done', async () => {
    const run = vi.fn(async (): Promise<ActionRunOutcome> => ({ ok: true, message: 'Done.' }));
    const { group, button } = answerWithOffers(run);
    button('Book a demo').click();
    const card = group.querySelector('form')!;
    const [email, size, urgent] = [...card.querySelectorAll('input')];
    email!.value = ' ada@example.com ';
    size!.value = '4';
    (card.querySelector('select') as HTMLSelectElement).value = 'pro';
    urgent!.checked = true;
    (card.querySelector('.confirm') as HTMLButtonElement).click();
    expect(run).toHaveBeenCalledWith('m1', DEMO, { email: 'ada@example.com', team_size: 4, plan: 'pro', urgent: true });
    expect(card.querySelector('.confirm')?.textContent).toBe('Sending…');
    await settle();
    expect(group.querySelector('form')).toBeNull();
    expect([...group.querySelectorAll('.action-list button')].map((b) => b.textContent)).toEqual(['Call me back']);
  });

  it('asks only for the confirmation when the action has no fields; a failure shows in the card and Confirm works again', async () => {
    const outcomes: ActionRunOutcome[] = [
      { ok: false, message: 'Sorry, “Call me back” did not go through. Please try again later.' },
      { ok: true, message: 'Done.' },
    ];
    const run = vi.fn(async () => outcomes.shift()!);
    const { root, group, button } = answerWithOffers(run);
    button('Call me back').click();
    const card = group.querySelector('form')!;
    expect(card.querySelectorAll('input, select')).toHaveLength(0);
    const confirm = card.querySelector('.confirm') as HTMLButtonElement;
    expect(root.activeElement).toBe(confirm);
    confirm.click();
    expect(run).toHaveBeenLastCalledWith('m1', CALLBACK, {});
    await settle();
    expect(card.querySelector('.problem')?.textContent).toBe('Sorry, “Call me back” did not go through. Please try again later.');
    expect(confirm.disabled).toBe(false);
    confirm.click();
    await settle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(group.isConnected).toBe(true);
    expect([...group.querySelectorAll('.action-list button')].map((b) => b.textContent)).toEqual(['Book a demo']);
  });

  it('draws a remembered answer’s offers again, and drops malformed ones from storage', () => {
    const values = new Map<string, string>();
    const store: KeyValueStore = { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v), removeItem: (k) => void values.delete(k) };
    const state = loadVisitorState(store, 'bot-1', () => 'visitor_12345');
    state.messages.push({ role: 'bot', text: 'Here you are.', id: 'm1', offers: [CALLBACK] });
    saveVisitorState(store, 'bot-1', state);
    expect(loadVisitorState(store, 'bot-1').messages[0]!.offers).toEqual([CALLBACK]);
    values.set('parley:widget:bot-1', JSON.stringify({ visitorId: 'visitor_12345', messages: [{ role: 'bot', text: 'x', offers: [{ label: 1 }] }] }));
    expect(loadVisitorState(store, 'bot-1').messages).toEqual([]);

    view = createWidgetView({
      chatbotId: 'bot-1',
      appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Help', avatarUrl: null },
      welcomeMessage: '',
      suggestedQuestions: [],
      refusal: null,
      handoffEnabled: false,
      onSend: () => {},
      onRestart: () => {},
      onAskForPerson: () => {},
      onRate: async () => true,
      onRunAction: async () => ({ ok: true, message: 'Done.' }),
    });
    view.showConversation([{ role: 'bot', text: 'Here you are.', id: 'm1', offers: [CALLBACK] }]);
    expect([...view.host.shadowRoot!.querySelectorAll('.actions button')].map((b) => b.textContent)).toEqual(['Call me back']);
  });
});

describe('running an offered action through the public API', () => {
  it('posts the visitor, the answer and the arguments to the action’s address, and reads the outcome', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Done.' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await runOfferedAction(
      'https://parley.example.com',
      'bot-1',
      { conversationId: 'c-1', actionId: DEMO.actionId },
      { visitorId: 'visitor_12345', messageId: 'm-1', arguments: { email: 'ada@example.com' } },
    );
    expect(result).toEqual({ success: true, message: 'Done.' });
    expect(fetchMock).toHaveBeenCalledWith(
      `https://parley.example.com/api/public/chatbots/bot-1/conversations/c-1/actions/${DEMO.actionId}`,
      expect.objectContaining({
        method: 'POST',
        credentials: 'omit',
        body: JSON.stringify({ visitorId: 'visitor_12345', messageId: 'm-1', arguments: { email: 'ada@example.com' } }),
      }),
    );
  });

  it('shows the server’s words for arguments that do not match and for calls used up', async () => {
    for (const [status, message] of [
      [400, 'Please check what you entered: argument team_size must be integer.'],
      [403, 'This answer’s actions have already been run 3 times, the most one answer allows. Ask again to run one once more.'],
    ] as const) {
      vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message }), { status }));
      const error = await runOfferedAction('https://p.example', 'b', { conversationId: 'c', actionId: 'a' }, { visitorId: 'v', messageId: 'm' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ChatError);
      expect((error as ChatError).message).toBe(message);
    }
  });
});
