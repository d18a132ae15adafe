import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { useMemo, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useUpdateChatbot } from '../api/update-chatbot';
import { describeChunking, describeEmbedding } from '../utils/chatbot-display';
import { changedFields, toFormValues } from '../utils/chatbot-form-values';
import { ChatbotForm } from './chatbot-form';
import { DeleteChatbotDialog } from './delete-chatbot-dialog';
import { ReembedChatbotDialog } from './reembed-chatbot-dialog';

/**
 * The builder form for a saved chatbot (Save sends only what changed), re-embedding and deleting it. A viewer whose
 * role may not (the shared table: chatbots.edit, chatbots.delete) sees the settings read only, without those controls.
 */
export function ChatbotSettings({
  chatbot,
  onDeleted,
  canEdit = true,
  canDelete = true,
  sections,
}: {
  chatbot: Chatbot;
  onDeleted: () => void;
  canEdit?: boolean;
  canDelete?: boolean;
  /** Parts of the builder saved on their own (the chatbot's actions), shown after the form; the page composes them. */
  sections?: ReactNode;
}) {
  const update = useUpdateChatbot();
  const values = useMemo(() => toFormValues(chatbot), [chatbot]);

  return (
    <div className="grid gap-6">
      <ChatbotForm
        isEditing
        isReadOnly={!canEdit}
        values={values}
        submitLabel="Save changes"
        processingNote={
          <>
            <p>Embeddings: {describeEmbedding(chatbot.embedding)}.</p>
            <p>Chunking: {describeChunking(chatbot.chunking)}. These are fixed when the chatbot is created.</p>
          </>
        }
        onSubmit={async (parsed) => {
          const changes = changedFields(parsed, chatbot);
          if (Object.keys(changes).length === 0) return values;
          try {
            const saved = await update.mutateAsync({ id: chatbot.id, changes });
            toast.success('Settings saved.');
            return toFormValues(saved);
          } catch (error) {
            toast.error(`Could not save the settings: ${getErrorMessage(error)}`);
            throw error;
          }
        }}
      />
      {sections}
      {canEdit && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Embeddings</CardTitle>
            <CardDescription>
              {describeEmbedding(chatbot.embedding)}. Re-embed processes every source again with the embedder new chatbots get, for example to move from the
              word-hashing embedder to the built-in sentence-embedding model.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ReembedChatbotDialog chatbot={chatbot} />
          </CardContent>
        </Card>
      )}
      {canDelete && (
        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle className="text-base">Delete this chatbot</CardTitle>
            <CardDescription>Removes the chatbot with its training data and conversations. Websites that embed it stop showing answers.</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteChatbotDialog chatbot={chatbot} onDeleted={onDeleted} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
