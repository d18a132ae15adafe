import { SendIcon, SquareIcon } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

const MESSAGE_MAX = 4000;

interface ChatComposerProps {
  isStreaming: boolean;
  onSend: (message: string) => void;
  onStop: () => void;
}

/** The question box: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ isStreaming, onSend, onStop }: ChatComposerProps) {
  const [draft, setDraft] = useState('');

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (isStreaming || !draft.trim()) return;
    onSend(draft);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={send} className="flex items-end gap-2">
      <label htmlFor="test-chat-question" className="sr-only">
        Question
      </label>
      <Textarea
        id="test-chat-question"
        rows={1}
        maxLength={MESSAGE_MAX}
        placeholder="Ask a question…"
        className="max-h-40 min-h-10 resize-none"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {isStreaming ? (
        <Button type="button" variant="outline" onClick={onStop}>
          <SquareIcon />
          Stop
        </Button>
      ) : (
        <Button type="submit" disabled={!draft.trim()}>
          <SendIcon />
          Send
        </Button>
      )}
    </form>
  );
}
