/** What the widget needs from its own `<script>` element (a plain object in tests). */
export interface ScriptLike {
  readonly src: string;
  getAttribute(name: string): string | null;
}

const WIDGET_PATH = /\/widget\.js$/;

/** True for a src that loads this widget (`…/widget.js`, with or without a query string). */
export function isWidgetSrc(src: string): boolean {
  try {
    return WIDGET_PATH.test(new URL(src).pathname);
  } catch {
    return false;
  }
}

/**
 * Parley's base URL from the script's src: everything before `/widget.js`, so a
 * Parley served under a path (`https://example.com/parley/widget.js`) works too.
 */
export function parleyBaseUrl(src: string, pageUrl?: string): string | null {
  let url: URL;
  try {
    url = new URL(src, pageUrl);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !WIDGET_PATH.test(url.pathname)) return null;
  return url.origin + url.pathname.replace(WIDGET_PATH, '');
}

/**
 * The script tag that loaded us: `document.currentScript` while it runs, otherwise
 * (older browsers, or code calling in later) the last widget script with a chatbot id.
 */
export function findWidgetScript(current: ScriptLike | null, scripts: ArrayLike<ScriptLike>): ScriptLike | null {
  if (current && current.getAttribute('data-chatbot-id') && isWidgetSrc(current.src)) return current;
  for (let i = scripts.length - 1; i >= 0; i -= 1) {
    const script = scripts[i];
    if (script && script.getAttribute('data-chatbot-id') && isWidgetSrc(script.src)) return script;
  }
  return null;
}
