import type { PublicChatbot } from '@parley/shared/contracts/chat';
import type { ActionOffer } from '@parley/shared/contracts/chatbot-actions';
import { groupCitations } from '../citations';
import { readableTextColor } from '../format';
import type { ConversationMode, StoredCitation, StoredMessage } from '../storage';
import { actionOffers, type ActionRunOutcome } from './action-offers';
import { el, icon, ICONS } from './dom';
import { renderMarkdown } from './markdown';
import { WIDGET_CSS } from './styles';

export interface ViewOptions {
  chatbotId: string;
  appearance: PublicChatbot['appearance'];
  welcomeMessage: string;
  suggestedQuestions: string[];
  /** Set when the chatbot refused this website: the panel says so and takes no input. */
  refusal: string | null;
  /** Visitors can ask for a person (the header button, and the offer after an answer the bot did not have). */
  handoffEnabled: boolean;
  onSend(text: string): void;
  onRestart(): void;
  onAskForPerson(reason: 'visitor_request' | 'no_answer'): void;
  /** Resolves false when the rating could not be saved (the buttons then go back). */
  onRate(messageId: string, rating: 'up' | 'down' | null): Promise<boolean>;
  /** Runs an action the answer offered, once the visitor confirmed it. */
  onRunAction(messageId: string, offer: ActionOffer, args: Record<string, unknown>): Promise<ActionRunOutcome>;
}

/** One answer being streamed into its bubble. */
export interface AnswerView {
  append(text: string): void;
  /** Ends the answer: its sources, the thumbs (with the message id), and the offer of a person when the bot had no answer. */
  finish(citations: StoredCitation[], extra?: { id?: string; offerHandoff?: boolean; offers?: ActionOffer[] }): void;
  /** Drops the bubble if nothing arrived, or leaves the partial text; then shows the error. */
  fail(message: string): void;
  /** Removes the bubble (the message went to a person, not to the bot). */
  discard(): void;
}

export interface WidgetView {
  host: HTMLElement;
  open(): void;
  close(): void;
  showConversation(messages: StoredMessage[]): void;
  addVisitorMessage(text: string): void;
  startAnswer(): AnswerView;
  showError(message: string): void;
  setBusy(busy: boolean): void;
  /** A person's message or a status line, arriving live. */
  addLiveMessage(message: StoredMessage): void;
  /** Shows who the visitor is talking to, and hides the "talk to a person" button while one is asked for. */
  setMode(mode: ConversationMode, agentName: string | null): void;
}

const NARROW_SCREEN = '(max-width: 480px)';
const TALK_TO_PERSON = 'Talk to a person';
const MESSAGE_MAX_CHARS = 4000;

/** The number an answer cites a passage by, as it shows it: "[2]". */
const numberLabel = (number: number) => el('span', { class: 'source-number' }, [`[${number}]`]);

/**
 * Groups citations by source: one expandable entry per document, with the numbers the answer cites its passages by,
 * and its excerpts inside, each with its number.
 */
function sourcesList(citations: StoredCitation[]): HTMLElement | null {
  if (citations.length === 0) return null;
  const items = groupCitations(citations).map(({ name, numbers, excerpts }) =>
    el('li', {}, [
      el('details', { class: 'source' }, [
        el('summary', {}, [...numbers.map(numberLabel), name]),
        ...excerpts.map((excerpt) => el('blockquote', {}, [excerpt.number === null ? null : numberLabel(excerpt.number), excerpt.text])),
      ]),
    ]),
  );
  return el('div', { class: 'sources' }, [el('p', { class: 'sources-label' }, ['Sources']), el('ul', { class: 'source-list' }, items)]);
}

/** The bot's text, markdown formatted (agents' and visitors' messages are shown as typed). */
function markdownText(text: string): HTMLElement {
  const node = el('div', { class: 'text md' });
  renderMarkdown(node, text);
  return node;
}

function botBubble(text: string, citations: StoredCitation[] = []): HTMLElement {
  return el('div', { class: 'msg bot' }, [markdownText(text), sourcesList(citations)]);
}

function agentBubble(text: string, author: string | undefined): HTMLElement {
  return el('div', { class: 'msg bot agent' }, [el('p', { class: 'author' }, [author ?? 'Team']), el('div', { class: 'text' }, [text])]);
}

const statusLine = (text: string) => el('p', { class: 'note', role: 'status' }, [text]);

/** Draws the launcher and the panel in a shadow root on a fixed host element appended to the page. */
export function createWidgetView(options: ViewOptions): WidgetView {
  const { appearance } = options;
  const host = document.createElement('parley-chat');
  host.setAttribute('data-chatbot-id', options.chatbotId);
  // CSSOM, not a style attribute, so a page's CSP without 'unsafe-inline' still lets it through.
  const hostStyle: Record<string, string> = { position: 'fixed', bottom: '0', right: '0', width: '0', height: '0', 'z-index': '2147483000', display: 'block' };
  for (const name of Object.keys(hostStyle)) host.style.setProperty(name, hostStyle[name] ?? '', 'important');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow);

  const onAccent = readableTextColor(appearance.color);
  const root = el('div', { class: `root ${appearance.position === 'bottom-left' ? 'left' : 'right'}` });
  root.style.setProperty('--accent', appearance.color);
  root.style.setProperty('--on-accent', onAccent);
  root.style.setProperty('--accent-text', onAccent === '#ffffff' ? appearance.color : '#111827');
  root.style.setProperty('--ring', `${appearance.color}33`);

  const avatar = (className: string) => {
    if (!appearance.avatarUrl) return null;
    const img = el('img', { class: className, src: appearance.avatarUrl, alt: '', referrerpolicy: 'no-referrer' });
    img.addEventListener('error', () => img.remove());
    return img;
  };

  const title = el('h2', { id: 'parley-title', tabindex: '-1' }, [appearance.title]);
  const restartButton = el('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Start a new conversation', title: 'Start a new conversation' }, [
    icon(ICONS.restart),
  ]);
  const closeButton = el('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Close chat', title: 'Close chat' }, [icon(ICONS.close)]);
  const personButton = el('button', { type: 'button', class: 'icon-btn', 'aria-label': TALK_TO_PERSON, title: TALK_TO_PERSON }, [icon(ICONS.person)]);
  const strip = el('p', { class: 'strip', role: 'status', hidden: '' });
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation' });
  const input = el('textarea', {
    id: 'parley-input',
    rows: '1',
    maxlength: String(MESSAGE_MAX_CHARS),
    placeholder: 'Type your question…',
    autocomplete: 'off',
  });
  const sendButton = el('button', { type: 'submit', class: 'send', 'aria-label': 'Send message', title: 'Send message' }, [icon(ICONS.send)]);
  const form = el('form', { class: 'compose' }, [el('label', { class: 'sr-only', for: 'parley-input' }, ['Your message']), input, sendButton]);
  const panel = el('section', { class: 'panel', id: 'parley-panel', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'parley-title', hidden: '' }, [
    el('header', { class: 'head' }, [
      avatar('avatar'),
      title,
      options.refusal || !options.handoffEnabled ? null : personButton,
      options.refusal ? null : restartButton,
      closeButton,
    ]),
    strip,
    log,
    form,
  ]);
  const launcher = el('button', { type: 'button', class: 'launcher', 'aria-controls': 'parley-panel' });
  root.appendChild(panel);
  root.appendChild(launcher);
  shadow.appendChild(root);

  let isOpen = false;
  let isBusy = false;
  const launcherAvatar = avatar('');
  const drawLauncher = () => {
    launcher.textContent = '';
    launcher.setAttribute('aria-expanded', String(isOpen));
    launcher.setAttribute('aria-label', isOpen ? 'Close chat' : `Open chat: ${appearance.title}`);
    launcher.appendChild(isOpen ? icon(ICONS.chevronDown) : (launcherAvatar ?? icon(ICONS.chat)));
  };
  drawLauncher();

  const scrollToEnd = () => {
    log.scrollTop = log.scrollHeight;
  };
  const nearEnd = () => log.scrollHeight - log.scrollTop - log.clientHeight < 60;
  const appendToLog = (node: HTMLElement) => {
    const follow = nearEnd();
    log.appendChild(node);
    if (follow) scrollToEnd();
  };
  const updateSend = () => {
    sendButton.disabled = isBusy || !!options.refusal || input.value.trim() === '';
  };
  const fitInput = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight + 2, 120)}px`;
  };

  const send = (text: string) => {
    const message = text.trim();
    if (!message || isBusy || options.refusal) return;
    options.onSend(message.slice(0, MESSAGE_MAX_CHARS));
  };

  const open = () => {
    if (isOpen) return;
    isOpen = true;
    panel.hidden = false;
    root.classList.add('open');
    drawLauncher();
    scrollToEnd();
    // On a phone, focusing the input would throw the keyboard over the conversation.
    const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;
    (narrow || options.refusal ? title : input).focus();
  };
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    panel.hidden = true;
    root.classList.remove('open');
    drawLauncher();
    launcher.focus();
  };

  launcher.addEventListener('click', () => (isOpen ? close() : open()));
  closeButton.addEventListener('click', close);
  restartButton.addEventListener('click', () => options.onRestart());
  personButton.addEventListener('click', () => options.onAskForPerson('visitor_request'));

  /** Thumbs under an answer; the choice is saved by onRate and undone when saving fails. */
  const feedback = (message: { id: string; rating?: 'up' | 'down' }) => {
    let current = message.rating ?? null;
    const buttons = (['up', 'down'] as const).map((value) => {
      const label = value === 'up' ? 'Helpful answer' : 'Not helpful';
      const button = el('button', { type: 'button', class: 'thumb', 'aria-label': label, title: label, 'aria-pressed': String(current === value) }, [
        icon(value === 'up' ? ICONS.thumbUp : ICONS.thumbDown),
      ]);
      button.addEventListener('click', () => {
        const previous = current;
        current = current === value ? null : value;
        draw();
        void options.onRate(message.id, current).then((saved) => {
          if (saved) return;
          current = previous;
          draw();
        });
      });
      return { value, button };
    });
    const draw = () => buttons.forEach(({ value, button }) => button.setAttribute('aria-pressed', String(current === value)));
    return el(
      'div',
      { class: 'thumbs', role: 'group', 'aria-label': 'Rate this answer' },
      buttons.map((b) => b.button),
    );
  };

  const offer = () => {
    const chip = el('button', { type: 'button', class: 'chip offer' }, [TALK_TO_PERSON]);
    chip.addEventListener('click', () => {
      chip.remove();
      options.onAskForPerson('no_answer');
    });
    return chip;
  };

  /** The actions the answer offers, as buttons (asked for, confirmed, then run by onRunAction). */
  const appendOffers = (bubble: HTMLElement, messageId: string, offers: ActionOffer[] | undefined) => {
    const buttons = actionOffers(offers ?? [], (offer, args) => options.onRunAction(messageId, offer, args));
    if (buttons) bubble.appendChild(buttons);
  };

  const drawMessage = (m: StoredMessage): HTMLElement => {
    if (m.role === 'visitor') return el('div', { class: 'msg visitor' }, [m.text]);
    if (m.role === 'agent') return agentBubble(m.text, m.author);
    if (m.role === 'system') return statusLine(m.text);
    const bubble = botBubble(m.text, m.citations);
    if (m.id) appendOffers(bubble, m.id, m.offers);
    if (m.id) bubble.appendChild(feedback({ id: m.id, rating: m.rating }));
    return bubble;
  };
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  });
  input.addEventListener('input', () => {
    fitInput();
    updateSend();
  });
  const submit = () => {
    if (isBusy || !input.value.trim()) return;
    const text = input.value;
    input.value = '';
    fitInput();
    updateSend();
    send(text);
  };
  input.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter starts a new line; an IME composing text keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });

  const showConversation = (messages: StoredMessage[]) => {
    log.textContent = '';
    if (options.welcomeMessage) log.appendChild(botBubble(options.welcomeMessage));
    if (options.refusal) {
      log.appendChild(el('div', { class: 'msg error', role: 'alert' }, [options.refusal]));
      input.disabled = true;
      input.placeholder = 'Chat unavailable on this website';
    } else if (messages.length === 0 && options.suggestedQuestions.length > 0) {
      const chips = el(
        'div',
        { class: 'chips', role: 'group', 'aria-label': 'Suggested questions' },
        options.suggestedQuestions.map((question) => {
          const chip = el('button', { type: 'button', class: 'chip' }, [question]);
          chip.addEventListener('click', () => send(question));
          return chip;
        }),
      );
      log.appendChild(chips);
    }
    for (const m of messages) log.appendChild(drawMessage(m));
    updateSend();
    scrollToEnd();
  };

  return {
    host,
    open,
    close,
    showConversation,
    addVisitorMessage(text) {
      log.querySelector('.chips')?.remove();
      appendToLog(el('div', { class: 'msg visitor' }, [text]));
      scrollToEnd();
    },
    startAnswer() {
      const text = markdownText('');
      const typing = el('span', { class: 'typing', role: 'status' }, [el('i'), el('i'), el('i'), el('span', { class: 'sr-only' }, ['Answering…'])]);
      const bubble = el('div', { class: 'msg bot', 'aria-busy': 'true' }, [typing, text]);
      appendToLog(bubble);
      let received = '';
      return {
        append(delta) {
          if (!delta) return;
          typing.remove();
          const follow = nearEnd();
          received += delta;
          // Drawn again from the whole text: "**bo" shows as typed until its closing "**" arrives.
          renderMarkdown(text, received);
          if (follow) scrollToEnd();
        },
        finish(citations, extra = {}) {
          typing.remove();
          bubble.removeAttribute('aria-busy');
          const follow = nearEnd();
          const sources = sourcesList(citations);
          if (sources) bubble.appendChild(sources);
          if (extra.id) appendOffers(bubble, extra.id, extra.offers);
          if (extra.id) bubble.appendChild(feedback({ id: extra.id }));
          if (extra.offerHandoff && options.handoffEnabled) log.appendChild(offer());
          if (follow) scrollToEnd();
        },
        discard() {
          bubble.remove();
        },
        fail(message) {
          if (received) {
            typing.remove();
            bubble.removeAttribute('aria-busy');
          } else bubble.remove();
          appendToLog(el('div', { class: 'msg error', role: 'alert' }, [message]));
        },
      };
    },
    showError(message) {
      appendToLog(el('div', { class: 'msg error', role: 'alert' }, [message]));
    },
    setBusy(busy) {
      isBusy = busy;
      updateSend();
    },
    addLiveMessage(message) {
      appendToLog(drawMessage(message));
    },
    setMode(mode, agentName) {
      personButton.hidden = mode !== 'bot';
      strip.hidden = mode === 'bot';
      strip.textContent =
        mode === 'active' ? `You're chatting with ${agentName ?? 'a person from the team'}` : mode === 'waiting' ? 'Waiting for a person…' : '';
      log.querySelectorAll('.offer').forEach((chip) => mode !== 'bot' && chip.remove());
    },
  };
}

/** A constructed stylesheet where supported (not subject to style-src), else a <style> element in the shadow root. */
function adoptStyles(shadow: ShadowRoot) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.appendChild(el('style', {}, [WIDGET_CSS]));
  }
}
