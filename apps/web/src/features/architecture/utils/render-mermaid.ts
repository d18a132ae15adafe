import type { Mermaid } from 'mermaid';

let mermaidPromise: Promise<Mermaid> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let sequence = 0;

/** Mermaid (about a megabyte) is loaded the first time a diagram is shown, not with the admin console. */
function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      // Labels are our own text, but strict keeps Mermaid from ever emitting script or click handlers.
      securityLevel: 'strict',
      theme: document.documentElement.classList.contains('dark') ? 'dark' : 'default',
      // The generated data model is one long diagram; Mermaid's default limit (50,000 characters) is near it.
      maxTextSize: 500_000,
      er: { useMaxWidth: false },
    });
    return mermaid;
  });
  return mermaidPromise;
}

/**
 * Renders Mermaid text to SVG markup. Renders run one at a time: Mermaid measures text in a shared scratch element,
 * and two renders at once can measure each other's labels.
 */
export function renderMermaid(source: string): Promise<string> {
  const run = queue.then(async () => {
    const mermaid = await loadMermaid();
    const { svg } = await mermaid.render(`architecture-diagram-${++sequence}`, source);
    return svg;
  });
  queue = run.catch(() => undefined);
  return run;
}
