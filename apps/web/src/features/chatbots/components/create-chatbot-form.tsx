import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { toast } from 'sonner';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateChatbot } from '../api/create-chatbot';
import { NEW_CHATBOT_VALUES, toFormValues } from '../utils/chatbot-form-values';
import { ChatbotForm } from './chatbot-form';

/** The builder for a new chatbot; `onCreated` decides where to go next. */
export function CreateChatbotForm({ onCreated }: { onCreated: (chatbot: Chatbot) => void }) {
  const create = useCreateChatbot();
  return (
    <ChatbotForm
      values={NEW_CHATBOT_VALUES}
      submitLabel="Create chatbot"
      processingNote={
        <p>
          Your documents are split into passages and embedded by the server: with Parley's built-in local embedder (offline, no key needed) unless an OpenAI key
          is configured on the server. The chatbot's page shows which one it uses.
        </p>
      }
      onSubmit={async (values) => {
        try {
          const chatbot = await create.mutateAsync(values);
          toast.success(`${chatbot.name} is created. Now give it some training data.`);
          onCreated(chatbot);
          return toFormValues(chatbot);
        } catch (error) {
          toast.error(`Could not create the chatbot: ${getErrorMessage(error)}`);
          throw error;
        }
      }}
    />
  );
}
