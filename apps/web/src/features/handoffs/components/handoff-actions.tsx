import { BotIcon, CircleStopIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useCloseHandoff } from '../api/close-handoff';

/** Hand the visitor back to the assistant, or end the conversation (after a confirmation: the visitor must start over). */
export function HandoffActions({ handoffId, visitorLabel }: { handoffId: string; visitorLabel: string }) {
  const close = useCloseHandoff();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const pendingOutcome = close.isPending ? close.variables.outcome : null;

  // mutateAsync rather than mutate's callbacks: a closed handoff loses these buttons (this component unmounts) as soon
  // as the answer lands in the cache, and mutate's per-call callbacks do not run for an unmounted component.
  const handBack = async () => {
    try {
      await close.mutateAsync({ handoffId, outcome: 'bot' });
      toast.success(`${visitorLabel} is chatting with the assistant again.`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  const end = async () => {
    try {
      await close.mutateAsync({ handoffId, outcome: 'ended' });
      toast.success('Conversation ended.');
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setConfirmOpen(false);
    }
  };

  return (
    <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:items-center">
      <Button variant="outline" size="sm" className="max-sm:text-xs" onClick={() => void handBack()} disabled={close.isPending}>
        {pendingOutcome === 'bot' ? <Spinner /> : <BotIcon />}
        Hand back to bot
      </Button>
      <AlertDialog open={isConfirmOpen} onOpenChange={(open) => !close.isPending && setConfirmOpen(open)}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive max-sm:text-xs" disabled={close.isPending}>
            <CircleStopIcon />
            End conversation
          </Button>
        </AlertDialogTrigger>
        <ConfirmDialogContent
          title="End this conversation?"
          description={`${visitorLabel} is told the conversation has ended; a new message from them starts a new conversation with the assistant.`}
          confirmLabel="End conversation"
          isPending={pendingOutcome === 'ended'}
          onConfirm={() => void end()}
        />
      </AlertDialog>
    </div>
  );
}
