// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createWidgetView, type ViewOptions, type WidgetView } from './view';

const options: ViewOptions = {
  chatbotId: 'bot-1',
  appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Help', avatarUrl: null },
  welcomeMessage: 'Hi! Ask me about **returns**.',
  suggestedQuestions: [],
  refusal: null,
  handoffEnabled: false,
  onSend: () => {},
  onRestart: () => {},
  onAskForPerson: () => {},
  onRate: async () => true,
  onRunAction: async () => ({ ok: true, message: 'Done.' }),
};

let view: WidgetView | null = null;
const open = () => {
  view = createWidgetView(options);
  document.body.appendChild(view.host);
  return { view, log: view.host.shadowRoot!.querySelector('.log')! };
};
afterEach(() => view?.host.remove());

describe('the widget showing answers', () => {
  it('formats an answer as it streams in, then adds its sources', () => {
    const { view, log } = open();
    view.showConversation([]);
    const answer = view.startAnswer();
    answer.append('You have **30');
    const bubble = log.lastElementChild!;
    expect(bubble.querySelector('.text')?.textContent).toBe('You have **30');
    expect(bubble.querySelector('strong')).toBeNull();
    answer.append(' days** [1].\n\n- keep the receipt');
    expect(bubble.querySelector('strong')?.textContent).toBe('30 days');
    expect(bubble.querySelector('li')?.textContent).toBe('keep the receipt');

    answer.finish([{ sourceId: 'a', sourceName: 'returns.md', excerpt: 'Returns within 30 days.', number: 1 }], { id: 'm1' });
    expect(bubble.querySelector('.sources summary')?.textContent).toBe('[1]returns.md');
    expect(bubble.querySelector('.sources blockquote')?.textContent).toBe('[1]Returns within 30 days.');
    expect(bubble.querySelector('.thumbs')).not.toBeNull();
  });

  it('formats the welcome message and remembered answers, and shows visitors and agents as they typed', () => {
    const { view, log } = open();
    view.showConversation([
      { role: 'visitor', text: 'what about **this**?' },
      {
        role: 'bot',
        text: 'See [the policy](https://example.com/returns) [1]',
        citations: [{ sourceId: 'a', sourceName: 'returns.md', excerpt: 'x', number: 1 }],
      },
      { role: 'agent', text: 'I *will* check', author: 'Ada' },
    ]);
    const [welcome, visitor, bot, agent] = Array.from(log.children);
    expect(welcome?.querySelector('strong')?.textContent).toBe('returns');
    expect(visitor?.textContent).toBe('what about **this**?');
    expect(bot?.querySelector('a')?.getAttribute('href')).toBe('https://example.com/returns');
    expect(bot?.querySelector('.sources')).not.toBeNull();
    expect(agent?.querySelector('.text')?.textContent).toBe('I *will* check');
  });

  it('keeps a hostile answer inert', () => {
    const { view, log } = open();
    view.showConversation([]);
    const answer = view.startAnswer();
    answer.append('<img src=x onerror="alert(1)"><script>alert(1)</script> [x](javascript:alert(1))');
    answer.finish([]);
    const bubble = log.lastElementChild!;
    expect(bubble.querySelector('img, script, a')).toBeNull();
    expect(bubble.querySelector('.text')?.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(1)</script> [x](javascript:alert(1))');
  });
});
