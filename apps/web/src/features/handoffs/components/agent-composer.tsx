import { AGENT_MESSAGE_MAX, agentReplyBodySchema } from '@parley/shared/contracts/handoffs';
import { SendIcon } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useSendAgentReply } from '../api/send-agent-reply';

/** The counter appears once a reply gets this close to the limit. */
const COUNTER_FROM = AGENT_MESSAGE_MAX - 500;

interface AgentComposerProps {
  handoffId: string;
  isClosed: boolean;
  isWaiting: boolean;
}

/** The reply box: Enter sends, Shift+Enter starts a new line; closed conversations take no replies. */
export function AgentComposer({ handoffId, isClosed, isWaiting }: AgentComposerProps) {
  const [draft, setDraft] = useState('');
  const reply = useSendAgentReply();

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (isClosed || reply.isPending) return;
    const parsed = agentReplyBodySchema.safeParse({ content: draft });
    if (!parsed.success) {
      if (draft.trim()) toast.error(parsed.error.issues[0]?.message ?? 'This reply cannot be sent.');
      return;
    }
    // The box empties at once so the next message can be typed; a failed reply comes back into it.
    const sent = draft;
    setDraft('');
    reply.mutate(
      { handoffId, content: parsed.data.content },
      {
        onError: (error) => {
          setDraft((current) => (current === '' ? sent : current));
          toast.error(getErrorMessage(error));
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={send} className="grid gap-1.5 border-t bg-background/60 p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={`agent-reply-${handoffId}`} className="sr-only">
          Reply to the visitor
        </label>
        <Textarea
          id={`agent-reply-${handoffId}`}
          rows={1}
          maxLength={AGENT_MESSAGE_MAX}
          disabled={isClosed}
          placeholder={isClosed ? 'This conversation is closed.' : isWaiting ? 'Reply to join the conversation…' : 'Write a reply…'}
          className="max-h-40 min-h-10 resize-none bg-background"
          aria-describedby={`agent-reply-${handoffId}-hint`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={isClosed || reply.isPending || !draft.trim()}>
          {reply.isPending ? <Spinner /> : <SendIcon />}
          <span className="sr-only sm:not-sr-only">Send</span>
        </Button>
      </div>
      <p id={`agent-reply-${handoffId}-hint`} className="flex justify-between gap-2 px-1 text-[11px] text-muted-foreground">
        <span className="hidden sm:inline">{isClosed ? 'Replies are closed.' : 'Enter to send, Shift+Enter for a new line.'}</span>
        {draft.length >= COUNTER_FROM && (
          <span className={cn('ml-auto tabular-nums', draft.length >= AGENT_MESSAGE_MAX && 'text-destructive')}>
            {draft.length.toLocaleString('en-US')} / {AGENT_MESSAGE_MAX.toLocaleString('en-US')}
          </span>
        )}
      </p>
    </form>
  );
}
