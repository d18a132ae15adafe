import type { PublicChatbot } from '@parley/shared/contracts/chatbots';
import { ChatError, fetchChatbotConfig, sendChatMessage, TEXT } from './api';
import { browserStorage, loadVisitorState, saveVisitorState, type StoredCitation } from './storage';
import { createWidgetView } from './ui/view';

/** How a chatbot refused by this website is drawn: Parley's defaults, since its own appearance is not shared. */
const REFUSED_APPEARANCE: PublicChatbot['appearance'] = { color: '#4f46e5', position: 'bottom-right', title: 'Chat', avatarUrl: null };

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

  const view = createWidgetView({
    chatbotId,
    appearance: chatbot?.appearance ?? REFUSED_APPEARANCE,
    welcomeMessage: chatbot?.welcomeMessage ?? '',
    suggestedQuestions: chatbot?.suggestedQuestions ?? [],
    refusal,
    onSend: (text) => void ask(text),
    onRestart() {
      inFlight?.abort();
      state.conversationId = null;
      state.messages = [];
      save();
      view.showConversation(state.messages);
      view.setBusy(false);
    },
  });

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
    try {
      await sendChatMessage(
        baseUrl,
        chatbotId,
        { message, visitorId: state.visitorId, ...(state.conversationId ? { conversationId: state.conversationId } : {}) },
        (event) => {
          if (controller.signal.aborted) return;
          if (event.type === 'meta') {
            state.conversationId = event.conversationId;
            save();
          } else if (event.type === 'delta') {
            text += event.text;
            answer.append(event.text);
          } else if (event.type === 'done') {
            ended = true;
            const citations: StoredCitation[] = event.citations.map(({ sourceId, sourceName, excerpt }) => ({ sourceId, sourceName, excerpt }));
            answer.finish(citations);
            state.messages.push({ role: 'bot', text, citations });
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
  document.body.appendChild(view.host);
}
