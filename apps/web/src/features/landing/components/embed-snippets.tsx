import { CodeXmlIcon, TerminalIcon, type LucideIcon } from 'lucide-react';

function Snippet({ icon: Icon, title, description, code, label }: { icon: LucideIcon; title: string; description: string; code: string; label: string }) {
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <figcaption className="grid gap-1">
        <span className="flex items-center gap-2 font-semibold">
          <Icon className="size-4 text-brand" aria-hidden="true" />
          {title}
        </span>
        <span className="text-sm text-muted-foreground">{description}</span>
      </figcaption>
      <pre
        aria-label={label}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border bg-zinc-950 p-4 font-mono text-[13px] leading-relaxed text-zinc-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none dark:bg-zinc-900"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** The two ways in: the widget's script tag and a call to the OpenAI-compatible API, with this installation's address. */
export function EmbedSnippets({ origin }: { origin: string }) {
  const widgetTag = `<script src="${origin}/widget.js"\n        data-chatbot-id="YOUR_CHATBOT_ID" async></script>`;
  const apiCall = [
    `curl ${origin}/v1/chat/completions \\`,
    '  -H "Authorization: Bearer $PARLEY_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"model": "YOUR_CHATBOT_ID",`,
    `       "messages": [{"role": "user",`,
    `                     "content": "How do refunds work?"}]}'`,
  ].join('\n');
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <Snippet
        icon={CodeXmlIcon}
        title="On your website"
        description="Paste before </body>: the chat appears in the corner."
        code={widgetTag}
        label="The widget's script tag"
      />
      <Snippet
        icon={TerminalIcon}
        title="From your code"
        description="The chatbot id is the model; any OpenAI client works."
        code={apiCall}
        label="A call to the OpenAI-compatible API"
      />
    </div>
  );
}
