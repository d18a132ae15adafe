const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Styles inline (the CSP allows inline styles, not inline scripts). */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;background:#f8fafc}
main{max-width:720px;margin:0 auto;padding:64px 24px 160px}
.eyebrow{margin:0 0 8px;color:#6366f1;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase}
h1{margin:0 0 16px;font-size:32px;line-height:1.2;color:#111827}
h2{margin:40px 0 8px;font-size:18px;color:#111827}
p{margin:0 0 12px}
code{font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{margin:12px 0 0;padding:16px;white-space:pre-wrap;overflow-wrap:anywhere;border-radius:10px;background:#0f172a;color:#e2e8f0}
.note{padding:16px 20px;border:1px solid #e5e7eb;border-radius:10px;background:#fff}
/* Leave room on the right for the open chat panel. */
@media (min-width:960px){main{margin:0 440px 0 max(24px,calc(50vw - 600px))}}
`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
${script}
</body>
</html>
`;
}

/** The demo of a live chatbot: what it is, the tag to copy, and the widget itself. */
export function demoPage({ id, name, publicUrl }: { id: string; name: string; publicUrl: string }): string {
  const snippet = `<script src="${publicUrl}/widget.js" data-chatbot-id="${id}" async></script>`;
  return page(
    `${name} — demo`,
    `<p class="eyebrow">Chat widget demo</p>
<h1>${escapeHtml(name)}</h1>
<p>This page is a demo of the Parley chat widget for <strong>${escapeHtml(name)}</strong>: it looks and answers here as it will on your website. Open it with the button in the bottom corner and ask a question about your documents.</p>
<h2>Put it on your website</h2>
<p>Paste this tag before <code>&lt;/body&gt;</code> on the pages where the chat should appear, and add your website's address to the chatbot's allowed websites in Parley.</p>
<pre><code>${escapeHtml(snippet)}</code></pre>`,
    `<script src="/widget.js" data-chatbot-id="${escapeHtml(id)}" async></script>`,
  );
}

export function draftDemoPage(): string {
  return page(
    'Chatbot not live — demo',
    `<p class="eyebrow">Chat widget demo</p>
<h1>This chatbot is not live yet</h1>
<p class="note">The chatbot must be set live before its widget can be tried here or used on a website. Set its status to <strong>live</strong> in the chatbot's settings, then reload this page.</p>`,
  );
}

export function missingDemoPage(): string {
  return page(
    'Chatbot not found — demo',
    `<p class="eyebrow">Chat widget demo</p>
<h1>Chatbot not found</h1>
<p class="note">There is no chatbot with this address. Check the link, or copy it again from the chatbot's settings in Parley.</p>`,
  );
}
