import { BotIcon, MessageCircleIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { readableTextColor } from '@/lib/color';
import { cn } from '@/lib/utils';

interface WidgetPreviewProps {
  color: string;
  position: 'bottom-right' | 'bottom-left';
  title: string;
  avatarUrl: string | null;
  welcomeMessage: string;
}

/** A sketch of the widget on a web page, redrawn as the appearance fields change. Not the widget itself. */
export function WidgetPreview({ color, position, title, avatarUrl, welcomeMessage }: WidgetPreviewProps) {
  const safeColor = /^#[0-9a-f]{6}$/i.test(color) ? color : '#4f46e5';
  const textColor = readableTextColor(safeColor);
  const [failedAvatar, setFailedAvatar] = useState<string | null>(null);
  const showAvatar = avatarUrl && failedAvatar !== avatarUrl;
  const side = position === 'bottom-left' ? 'left-3 items-start' : 'right-3 items-end';

  return (
    <figure className="grid gap-2">
      <div aria-hidden="true" className="relative h-72 overflow-hidden rounded-lg border bg-muted/40">
        {/* A suggestion of the customer's page behind the widget. */}
        <div className="space-y-2 p-4">
          <div className="h-3 w-1/3 rounded bg-muted-foreground/15" />
          <div className="h-2 w-3/4 rounded bg-muted-foreground/10" />
          <div className="h-2 w-2/3 rounded bg-muted-foreground/10" />
        </div>
        <div className={cn('absolute bottom-3 flex w-[min(15rem,calc(100%-1.5rem))] flex-col gap-2', side)}>
          <div className="w-full overflow-hidden rounded-xl border bg-background shadow-lg">
            <div className="flex items-center gap-2 px-3 py-2" style={{ backgroundColor: safeColor, color: textColor }}>
              {showAvatar ? (
                <img src={avatarUrl} alt="" className="size-6 rounded-full bg-white/20 object-cover" onError={() => setFailedAvatar(avatarUrl)} />
              ) : (
                <span className="flex size-6 items-center justify-center rounded-full bg-white/20">
                  <BotIcon className="size-3.5" />
                </span>
              )}
              <span className="truncate text-sm font-medium">{title.trim() || 'Chat with us'}</span>
            </div>
            <div className="space-y-2 p-3">
              <p className="w-fit max-w-[90%] rounded-lg rounded-tl-sm bg-muted px-2.5 py-1.5 text-xs leading-snug break-words">
                {welcomeMessage.trim() || 'Hi! How can I help?'}
              </p>
              <div className="flex items-center gap-1.5 rounded-md border px-2 py-1 text-[11px] text-muted-foreground">
                <span className="flex-1">Ask a question…</span>
                <SendIcon className="size-3" style={{ color: safeColor }} />
              </div>
            </div>
          </div>
          <span className="flex size-10 items-center justify-center rounded-full shadow-md" style={{ backgroundColor: safeColor, color: textColor }}>
            <MessageCircleIcon className="size-5" />
          </span>
        </div>
      </div>
      <figcaption className="text-xs text-muted-foreground">Preview of the widget on a page</figcaption>
    </figure>
  );
}
