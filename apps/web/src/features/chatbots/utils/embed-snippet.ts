/** The one line a customer pastes into their website to show the chat widget. */
export function embedSnippet(origin: string, chatbotId: string): string {
  return `<script src="${origin}/widget.js" data-chatbot-id="${chatbotId}" async></script>`;
}

/** Parley's own page that shows the widget, for trying it before touching a website. */
export function demoPageUrl(origin: string, chatbotId: string): string {
  return `${origin}/demo/${encodeURIComponent(chatbotId)}`;
}
