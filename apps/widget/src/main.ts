import { UUID_PATTERN } from '@parley/shared/constants';
import { findWidgetScript, parleyBaseUrl, type ScriptLike } from './script';
import { mountWidget } from './widget';

/** Entry point of widget.js: `<script src="https://your-parley/widget.js" data-chatbot-id="…" async></script>`. */
function boot() {
  const script = findWidgetScript(document.currentScript as ScriptLike | null, document.getElementsByTagName('script'));
  const chatbotId = script?.getAttribute('data-chatbot-id')?.trim() ?? '';
  const baseUrl = script ? parleyBaseUrl(script.src, location.href) : null;
  if (!script || !baseUrl || !UUID_PATTERN.test(chatbotId)) {
    console.warn('[parley] chat widget not shown: add data-chatbot-id="<chatbot id>" to the <script src=".../widget.js"> tag.');
    return;
  }
  const start = () => {
    mountWidget(baseUrl, chatbotId).catch((error: unknown) => console.warn('[parley] chat widget failed to start', error));
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

boot();
