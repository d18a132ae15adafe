import type { PublicDemoChatbot } from '@parley/shared/contracts/landing';
import { ArrowDownRightIcon, MessageCircleIcon } from 'lucide-react';

/** Points visitors at the live demo chatbot in the page's corner (the widget itself is loaded by useDemoWidget). */
export function DemoCallout({ chatbot }: { chatbot: PublicDemoChatbot }) {
  return (
    <div
      role="note"
      aria-label="Live demo"
      className="flex max-w-md items-start gap-3 rounded-2xl border border-brand/30 bg-brand/5 px-4 py-3 text-left shadow-xs"
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground">
        <MessageCircleIcon className="size-4" aria-hidden="true" />
      </span>
      <div className="grid gap-0.5">
        <p className="flex items-center gap-1 font-medium">
          Try it: ask the assistant in the corner
          <ArrowDownRightIcon className="size-4 text-brand" aria-hidden="true" />
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{chatbot.name}</span> is a live Parley chatbot. Ask it anything — its answers come with their sources.
        </p>
      </div>
    </div>
  );
}
