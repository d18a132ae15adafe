import { useEffect } from 'react';

/**
 * Puts Parley's own chat widget on the page — the same `<script src="/widget.js" data-chatbot-id="…">` tag customers
 * paste into their sites — while the calling screen is shown.
 *
 * The widget has no "unmount": it appends a `<parley-chat>` element to the body and keeps it. In this single-page app
 * the landing page can be left without a reload, so the element is detached when the screen goes away and put back
 * (conversation and all) when it comes back; the script itself is loaded once per page load.
 */

const WIDGET_SRC = '/widget.js';
const WIDGET_TAG = 'parley-chat';

const parked = new Map<string, Element>();
const shown = new Set<string>();
const watching = new Set<string>();

const hostOf = (chatbotId: string) => document.querySelector(`${WIDGET_TAG}[data-chatbot-id="${CSS.escape(chatbotId)}"]`);

/** The widget appears only after its configuration arrives; if the screen was left by then, it is parked at once. */
function watchForHost(chatbotId: string) {
  if (watching.has(chatbotId)) return;
  watching.add(chatbotId);
  const observer = new MutationObserver(() => {
    const host = hostOf(chatbotId);
    if (!host) return;
    observer.disconnect();
    watching.delete(chatbotId);
    if (!shown.has(chatbotId)) park(chatbotId, host);
  });
  observer.observe(document.body, { childList: true });
}

function park(chatbotId: string, host: Element) {
  host.remove();
  parked.set(chatbotId, host);
}

export function useDemoWidget(chatbotId: string | null | undefined): void {
  useEffect(() => {
    if (!chatbotId) return;
    shown.add(chatbotId);
    const waiting = parked.get(chatbotId);
    if (waiting) {
      parked.delete(chatbotId);
      document.body.appendChild(waiting);
    } else if (!hostOf(chatbotId) && !document.querySelector(`script[src="${WIDGET_SRC}"][data-chatbot-id="${CSS.escape(chatbotId)}"]`)) {
      const script = document.createElement('script');
      script.src = WIDGET_SRC;
      script.async = true;
      script.dataset.chatbotId = chatbotId;
      document.body.appendChild(script);
      watchForHost(chatbotId);
    }
    return () => {
      shown.delete(chatbotId);
      const host = hostOf(chatbotId);
      if (host) park(chatbotId, host);
    };
  }, [chatbotId]);
}
