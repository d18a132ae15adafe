import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useReembedChatbot } from '../api/reembed-chatbot';
import { describeEmbedding } from '../utils/chatbot-display';

/** Re-embed: every source processed again with the embedder a new chatbot gets (the built-in model, offline). */
export function ReembedChatbotDialog({ chatbot }: { chatbot: Chatbot }) {
  const [isOpen, setOpen] = useState(false);
  const reembed = useReembedChatbot();
  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline">
          <RefreshCwIcon />
          Re-embed
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={`Re-embed ${chatbot.name}?`}
        description="Every source is processed again with the current default embedder (the built-in sentence-embedding model, unless the server uses OpenAI's). Training data shows each source's progress; the chatbot keeps answering meanwhile."
        confirmLabel="Re-embed"
        isPending={reembed.isPending}
        onConfirm={() =>
          reembed.mutate(chatbot.id, {
            onSuccess: (result) => {
              toast.success(`${result.queued} source${result.queued === 1 ? '' : 's'} queued to embed with ${describeEmbedding(result.embedding)}.`);
              setOpen(false);
            },
            onError: (error) => toast.error(`Could not re-embed the chatbot: ${getErrorMessage(error)}`),
          })
        }
      />
    </AlertDialog>
  );
}
