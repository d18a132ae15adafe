import type { MessageActionCall } from '@parley/shared/contracts/chatbot-actions';
import type { HandoffMessage } from '@parley/shared/contracts/handoffs';
import { BotIcon, HeadsetIcon, UserIcon } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Markdown } from '@/components/markdown/markdown';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { toConversationItems, type ConversationItem, type SenderRole } from '../utils/conversation-items';
import { ActionCalls } from './action-calls';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
/** Within this distance of the bottom the reader is following along, and new messages scroll into view. */
const FOLLOW_THRESHOLD_PX = 120;

const SENDER = {
  user: { icon: UserIcon, bubble: 'rounded-tl-sm bg-muted text-foreground', side: 'justify-start' },
  assistant: { icon: BotIcon, bubble: 'rounded-tr-sm border border-brand/20 bg-brand/10 text-foreground', side: 'justify-end' },
  agent: { icon: HeadsetIcon, bubble: 'rounded-tr-sm bg-brand text-brand-foreground', side: 'justify-end' },
} as const satisfies Record<SenderRole, { icon: unknown; bubble: string; side: string }>;

function senderName(group: Extract<ConversationItem, { kind: 'group' }>, visitorLabel: string): string {
  if (group.role === 'user') return visitorLabel;
  if (group.role === 'assistant') return 'Assistant';
  return group.authorName ?? 'Agent';
}

const NO_CALLS: readonly MessageActionCall[] = [];

function MessageGroup({
  group,
  visitorLabel,
  callsByMessage,
}: {
  group: Extract<ConversationItem, { kind: 'group' }>;
  visitorLabel: string;
  callsByMessage: ReadonlyMap<string, readonly MessageActionCall[]>;
}) {
  const sender = SENDER[group.role];
  const Icon = sender.icon;
  const isVisitor = group.role === 'user';
  const lastMessage = group.messages[group.messages.length - 1]!;
  return (
    <div className={cn('flex', sender.side)} data-role={group.role}>
      <div className={cn('grid max-w-[85%] gap-1 sm:max-w-[75%]', isVisitor ? 'justify-items-start' : 'justify-items-end')}>
        <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-muted-foreground">
          <Icon className="size-3.5" aria-hidden="true" />
          {senderName(group, visitorLabel)}
        </span>
        {group.messages.map((message) =>
          // The assistant's answers are markdown, drawn as the widget draws them; people's messages are shown as typed.
          group.role === 'assistant' ? (
            <div key={message.id} className="grid min-w-0 justify-items-end gap-1">
              <Markdown
                text={message.content}
                className={cn('min-w-0 rounded-2xl px-3.5 py-2 text-sm', sender.bubble)}
                title={formatDateTime(message.createdAt)}
              />
              {/* The actions the bot called while writing this answer, under it. */}
              <ActionCalls calls={callsByMessage.get(message.id) ?? NO_CALLS} />
            </div>
          ) : (
            <p
              key={message.id}
              className={cn('rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap', sender.bubble)}
              title={formatDateTime(message.createdAt)}
            >
              {message.content}
            </p>
          ),
        )}
        <time dateTime={lastMessage.createdAt} className="px-1 text-[11px] text-muted-foreground tabular-nums">
          {timeFormat.format(new Date(lastMessage.createdAt))}
        </time>
      </div>
    </div>
  );
}

/** The whole conversation: the visitor on the left, the assistant and the team on the right, status lines centred. */
export function ConversationTranscript({
  handoffId,
  messages,
  visitorLabel,
  actionCalls = NO_CALLS,
}: {
  handoffId: string;
  messages: HandoffMessage[];
  visitorLabel: string;
  /** The actions the bot called, each with the answer it was made for. */
  actionCalls?: readonly MessageActionCall[];
}) {
  const items = useMemo(() => toConversationItems(messages), [messages]);
  const callsByMessage = useMemo(() => {
    const byMessage = new Map<string, MessageActionCall[]>();
    for (const call of actionCalls) byMessage.set(call.messageId, [...(byMessage.get(call.messageId) ?? []), call]);
    return byMessage;
  }, [actionCalls]);
  const scroller = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);
  const shownHandoff = useRef<string | null>(null);

  // A newly opened conversation starts at its latest message; later ones scroll in only if the reader is at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (shownHandoff.current !== handoffId || isFollowing.current) element.scrollTop = element.scrollHeight;
    shownHandoff.current = handoffId;
  }, [handoffId, items]);

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-4"
      onScroll={(event) => {
        const element = event.currentTarget;
        isFollowing.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
    >
      <ol className="grid gap-4" aria-label="Conversation">
        {items.map((item) => (
          <li key={item.key}>
            {item.kind === 'day' ? (
              <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
                <span className="h-px flex-1 bg-border" aria-hidden="true" />
                {item.label}
                <span className="h-px flex-1 bg-border" aria-hidden="true" />
              </div>
            ) : item.kind === 'system' ? (
              <p className="mx-auto max-w-md text-center text-xs text-balance text-muted-foreground" data-role="system">
                {item.message.content}
                <span className="sr-only"> at {timeFormat.format(new Date(item.message.createdAt))}</span>
              </p>
            ) : (
              <MessageGroup group={item} visitorLabel={visitorLabel} callsByMessage={callsByMessage} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
