import type { PublicChatbot } from '@parley/shared/contracts/chat';
import type { ActionOffer } from '@parley/shared/contracts/chatbot-actions';
import type { HandoffMessage, VisitorConversationState, VisitorEvent } from '@parley/shared/contracts/handoffs';
import {
  ChatError,
  fetchChatbotConfig,
  fetchConversationState,
  followConversation,
  rateAnswer,
  requestHandoff,
  runOfferedAction,
  sendChatMessage,
  TEXT,
} from './api';
import { browserStorage, loadVisitorState, saveVisitorState, type StoredCitation, type StoredMessage } from './storage';
import { createWidgetView } from './ui/view';

/** How a chatbot refused by this website is drawn: Parley's defaults, since its own appearance is not shared. */
const REFUSED_APPEARANCE: PublicChatbot['appearance'] = { color: '#4f46e5', position: 'bottom-right', title: 'Chat', avatarUrl: null };
/** Reconnect delays of the live conversation stream (ms), then the last one repeats. */
const RECONNECT_DELAYS = [1000, 2000, 5000, 10_000, 30_000];

const toStored = (m: HandoffMessage): StoredMessage =>
  m.role === 'agent' ? { role: 'agent', text: m.content, id: m.id, author: m.authorName ?? undefined } : { role: 'system', text: m.content, id: m.id };

/** Loads the chatbot's configuration and puts the chat on the page. */
export async function mountWidget(baseUrl: string, chatbotId: string): Promise<void> {
  // The script included twice (each copy is its own bundle, so the mark lives on window).
  const marks = window as unknown as Record<string, boolean | undefined>;
  if (marks[`parley:${chatbotId}`]) return;
  marks[`parley:${chatbotId}`] = true;

  let chatbot: PublicChatbot | null = null;
  let refusal: string | null = null;
  try {
    chatbot = await fetchChatbotConfig(baseUrl, chatbotId);
  } catch (error) {
    if (error instanceof ChatError && error.status === 403) refusal = error.message;
    else {
      // A draft, deleted or unreachable chatbot shows nothing to visitors; the site owner finds why here.
      console.warn(`[parley] chat widget not shown: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
  }
  if (refusal) console.warn(`[parley] ${refusal} Add ${location.origin} to the chatbot's allowed websites.`);

  const store = browserStorage();
  const state = loadVisitorState(store, chatbotId);
  const save = () => saveVisitorState(store, chatbotId, state);
  let inFlight: AbortController | null = null;
  let live: AbortController | null = null;
  let agentName: string | null = null;

  const view = createWidgetView({
    chatbotId,
    appearance: chatbot?.appearance ?? REFUSED_APPEARANCE,
    welcomeMessage: chatbot?.welcomeMessage ?? '',
    suggestedQuestions: chatbot?.suggestedQuestions ?? [],
    refusal,
    handoffEnabled: !!chatbot?.handoffEnabled,
    onSend: (text) => void ask(text),
    onRestart() {
      inFlight?.abort();
      stopFollowing();
      state.conversationId = null;
      state.messages = [];
      state.lastEventAt = null;
      applyState({ mode: 'bot', agentName: null });
      save();
      view.showConversation(state.messages);
      view.setBusy(false);
    },
    onAskForPerson: (reason) => void askForPerson(reason),
    async onRate(messageId, rating) {
      try {
        await rateAnswer(baseUrl, chatbotId, messageId, { visitorId: state.visitorId, rating });
        const stored = state.messages.find((m) => m.id === messageId);
        if (stored) {
          if (rating) stored.rating = rating;
          else delete stored.rating;
          save();
        }
        return true;
      } catch {
        return false;
      }
    },
    async onRunAction(messageId, offer, args) {
      if (!state.conversationId) return { ok: false, message: TEXT.actionGone };
      try {
        const target = { conversationId: state.conversationId, actionId: offer.actionId };
        const result = await runOfferedAction(baseUrl, chatbotId, target, { visitorId: state.visitorId, messageId, arguments: args });
        if (result.success) {
          // Done: the button goes, and the outcome stays in the conversation.
          const stored = state.messages.find((m) => m.id === messageId);
          if (stored?.offers) stored.offers = stored.offers.filter((o) => o.actionId !== offer.actionId);
          const line: StoredMessage = { role: 'system', text: result.message };
          state.messages.push(line);
          save();
          view.addLiveMessage(line);
          // An action may have asked a person to join (a handoff action): the widget then waits for them.
          void fetchConversationState(baseUrl, chatbotId, target.conversationId, state.visitorId).then(
            (next) => next.mode !== 'bot' && applyState(next),
            () => {},
          );
        }
        return { ok: result.success, message: result.message };
      } catch (error) {
        if (error instanceof ChatError) return { ok: false, message: error.status === 404 ? TEXT.actionGone : error.message };
        return { ok: false, message: TEXT.failed };
      }
    },
  });

  /** A message the server sent (an agent's, a status line) is shown once, whichever way it arrived. */
  function showLive(message: HandoffMessage) {
    if (state.messages.some((m) => m.id === message.id)) return;
    const stored = toStored(message);
    state.messages.push(stored);
    if (!state.lastEventAt || message.createdAt > state.lastEventAt) state.lastEventAt = message.createdAt;
    save();
    view.addLiveMessage(stored);
  }

  function applyState(next: Pick<VisitorConversationState, 'mode' | 'agentName'>) {
    if (next.mode === 'ended') {
      // An agent ended it: the next message starts a new conversation.
      state.conversationId = null;
      state.mode = 'bot';
    } else state.mode = next.mode;
    agentName = next.agentName;
    save();
    view.setMode(state.mode, agentName);
    if (state.mode === 'bot') stopFollowing();
    else startFollowing();
  }

  function stopFollowing() {
    live?.abort();
    live = null;
  }

  /** Follows the conversation while a person is asked for or answering, reconnecting when the stream drops. */
  function startFollowing() {
    if (live || !state.conversationId) return;
    const controller = new AbortController();
    live = controller;
    const conversationId = state.conversationId;
    void (async () => {
      for (let attempt = 0; !controller.signal.aborted; attempt += 1) {
        try {
          await followConversation(
            baseUrl,
            chatbotId,
            { id: conversationId, visitorId: state.visitorId, since: state.lastEventAt },
            (event: VisitorEvent) => {
              attempt = 0;
              if (event.type === 'message') showLive(event.message);
              else applyState(event.state);
            },
            controller.signal,
          );
        } catch (error) {
          if (controller.signal.aborted) return;
          if (error instanceof ChatError && error.status === 404) {
            applyState({ mode: 'ended', agentName: null });
            return;
          }
        }
        if (controller.signal.aborted) return;
        const delay = RECONNECT_DELAYS[Math.min(attempt, RECONNECT_DELAYS.length - 1)] ?? 30_000;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    })();
  }

  async function askForPerson(reason: 'visitor_request' | 'no_answer') {
    view.setBusy(true);
    try {
      const answer = await requestHandoff(baseUrl, chatbotId, {
        visitorId: state.visitorId,
        reason,
        ...(state.conversationId ? { conversationId: state.conversationId } : {}),
      });
      state.conversationId = answer.state.conversationId;
      // Waiting: the line is a message of the conversation, and the stream brings it (with its id, so it shows once).
      if (answer.state.mode === 'bot') view.addLiveMessage({ role: 'system', text: answer.text });
      applyState(answer.state);
    } catch (error) {
      view.showError(error instanceof ChatError ? error.message : TEXT.failed);
    } finally {
      view.setBusy(false);
    }
  }

  async function ask(message: string) {
    const controller = new AbortController();
    inFlight = controller;
    view.setBusy(true);
    view.addVisitorMessage(message);
    state.messages.push({ role: 'visitor', text: message });
    save();
    const answer = view.startAnswer();
    let text = '';
    let ended = false;
    // The answer was given in full (`done`): a handoff its action asked for must not take it away.
    let answered = false;
    let answerId: string | undefined;
    let offers: ActionOffer[] = [];
    try {
      await sendChatMessage(
        baseUrl,
        chatbotId,
        { message, visitorId: state.visitorId, ...(state.conversationId ? { conversationId: state.conversationId } : {}) },
        (event) => {
          if (controller.signal.aborted) return;
          if (event.type === 'meta') {
            if (state.conversationId !== event.conversationId) stopFollowing();
            state.conversationId = event.conversationId;
            answerId = event.messageId;
            save();
          } else if (event.type === 'delta') {
            text += event.text;
            answer.append(event.text);
          } else if (event.type === 'actions') {
            offers = event.offers;
          } else if (event.type === 'handoff') {
            if (answered) {
              // A handoff action of the answer just given: the answer stays; the waiting line comes from the conversation.
              applyState({ mode: event.mode === 'unavailable' ? 'bot' : event.mode, agentName });
              return;
            }
            ended = true;
            if (event.text) {
              // The bot's reply to "talk to a human" is the waiting line itself (or why nobody can come).
              answer.append(event.text);
              answer.finish([]);
              state.messages.push({ role: 'bot', text: event.text, id: answerId });
            } else answer.discard();
            save();
            applyState({ mode: event.mode === 'unavailable' ? 'bot' : event.mode, agentName });
          } else if (event.type === 'done') {
            if (ended) return;
            ended = true;
            answered = true;
            const citations: StoredCitation[] = event.citations.map(({ sourceId, sourceName, excerpt, number }) => ({ sourceId, sourceName, excerpt, number }));
            answer.finish(citations, { id: answerId, offerHandoff: event.offerHandoff, offers });
            state.messages.push({ role: 'bot', text, citations, id: answerId, ...(offers.length > 0 ? { offers } : {}) });
            save();
          } else if (event.type === 'error') {
            ended = true;
            answer.fail(event.message || TEXT.failed);
          }
        },
        controller.signal,
      );
      if (!ended && !controller.signal.aborted) answer.fail(TEXT.interrupted);
    } catch (error) {
      if (controller.signal.aborted) return;
      answer.fail(error instanceof ChatError ? error.message : TEXT.failed);
    } finally {
      if (inFlight === controller) {
        inFlight = null;
        view.setBusy(false);
      }
    }
  }

  view.showConversation(state.messages);
  view.setMode(state.mode, null);
  document.body.appendChild(view.host);
  // A remembered conversation may have changed while the page was away (a person answered, or closed it).
  if (state.conversationId && state.mode !== 'bot') {
    try {
      applyState(await fetchConversationState(baseUrl, chatbotId, state.conversationId, state.visitorId));
    } catch (error) {
      if (error instanceof ChatError && error.status === 404) applyState({ mode: 'ended', agentName: null });
      else startFollowing();
    }
  }
}
