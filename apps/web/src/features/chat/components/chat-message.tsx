import { AlertCircleIcon, BotIcon, GaugeIcon, SearchXIcon } from 'lucide-react';
import { Markdown } from '@/components/markdown/markdown';
import { readableTextColor } from '@/lib/color';
import { cn } from '@/lib/utils';
import type { ChatTurn } from '../utils/chat-transcript';
import { CitationList } from './citation-list';

function BotAvatar({ color }: { color: string }) {
  return (
    <span
      className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full"
      style={{ backgroundColor: color, color: readableTextColor(color) }}
      aria-hidden="true"
    >
      <BotIcon className="size-4" />
    </span>
  );
}

/** A message from the chatbot that is not an answer (the welcome message), in markdown as the widget shows it. */
export function BotMessage({ color, text }: { color: string; text: string }) {
  return (
    <div className="flex items-start gap-2.5">
      <BotAvatar color={color} />
      <Markdown text={text} className="max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm bg-muted px-3.5 py-2 text-sm" />
    </div>
  );
}

const cursor = <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-foreground/50 align-text-bottom" aria-hidden="true" />;

export function ChatMessage({ turn, color }: { turn: ChatTurn; color: string }) {
  if (turn.role === 'user') {
    return (
      <div className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-3.5 py-2 text-sm whitespace-pre-wrap text-primary-foreground">{turn.text}</p>
      </div>
    );
  }

  const isWaiting = turn.status === 'streaming' && turn.text === '';
  return (
    <div className="flex items-start gap-2.5" aria-busy={turn.status === 'streaming'}>
      <BotAvatar color={color} />
      <div className="grid max-w-[85%] min-w-0 gap-2">
        {(turn.text || isWaiting) && (
          <div className={cn('rounded-2xl rounded-tl-sm bg-muted px-3.5 py-2 text-sm', turn.status === 'error' && 'opacity-70')}>
            {isWaiting ? (
              <span className="inline-flex gap-1 py-1" role="status" aria-label="The chatbot is looking through your documents">
                {[0, 150, 300].map((delay) => (
                  <span key={delay} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60" style={{ animationDelay: `${delay}ms` }} />
                ))}
              </span>
            ) : (
              // Drawn again from the whole text as it grows: "**bo" shows as typed until its "**" arrives.
              <Markdown text={turn.text} trailing={turn.status === 'streaming' && cursor} />
            )}
          </div>
        )}
        {turn.status === 'done' && turn.limited && (
          // Refused for the usage limit: the documents were not searched, so this is no "not found".
          <p className="flex items-center gap-1.5 text-xs text-amber-700 dark:text-amber-400" data-testid="usage-limit-badge">
            <GaugeIcon className="size-3.5" aria-hidden="true" />
            Monthly usage limit reached
          </p>
        )}
        {turn.status === 'done' && turn.answered === false && !turn.limited && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <SearchXIcon className="size-3.5" aria-hidden="true" />
            Not found in your documents
          </p>
        )}
        {turn.status === 'stopped' && <p className="text-xs text-muted-foreground">Stopped.</p>}
        {turn.status === 'error' && (
          <p className="flex items-start gap-1.5 text-xs text-destructive" role="alert">
            <AlertCircleIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {turn.error}
          </p>
        )}
        {turn.citations.length > 0 && <CitationList citations={turn.citations} />}
      </div>
    </div>
  );
}
