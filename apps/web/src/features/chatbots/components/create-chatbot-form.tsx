import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { AlertCircleIcon, LayoutTemplateIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateChatbot } from '../api/create-chatbot';
import { useBehaviorTemplateOptions } from '../api/get-behavior-template-options';
import { useChatbotTemplateOptions } from '../api/get-chatbot-template-options';
import { newChatbotValues, toFormValues } from '../utils/chatbot-form-values';
import { ChatbotForm } from './chatbot-form';

function FormSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Preparing the builder">
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

/**
 * The builder for a new chatbot; `onCreated` decides where to go next. The default behavior template's prompt is
 * preselected; with `templateId` the chatbot template of that id fills in what it carries.
 */
export function CreateChatbotForm({ onCreated, templateId = null }: { onCreated: (chatbot: Chatbot) => void; templateId?: string | null }) {
  const create = useCreateChatbot();
  const behaviors = useBehaviorTemplateOptions();
  const templates = useChatbotTemplateOptions({ enabled: templateId !== null });
  const template = templateId ? templates.data?.find((option) => option.id === templateId) : undefined;
  // A failed catalogue load leaves the built-in prompt in place (the picker says why and offers a retry).
  const values = useMemo(() => newChatbotValues({ behaviorTemplates: behaviors.data, template }), [behaviors.data, template]);

  if (behaviors.isPending || (templateId !== null && templates.isPending)) return <FormSkeleton />;

  if (templateId !== null && templates.isError) {
    return (
      <LoadErrorAlert query={templates} title="The template could not be loaded">
        <Button variant="ghost" size="sm" asChild>
          <Link to={paths.newChatbot}>Start without a template</Link>
        </Button>
      </LoadErrorAlert>
    );
  }

  return (
    <div className="grid gap-6">
      {templateId !== null &&
        (template ? (
          <Alert data-testid="chatbot-template-banner">
            <LayoutTemplateIcon />
            <AlertTitle className="flex flex-wrap items-center gap-2">
              Starting from “{template.name}”<Badge variant="secondary">{template.configuration.category}</Badge>
            </AlertTitle>
            <AlertDescription>
              <p>Its settings are filled in below. Change anything before you create the chatbot.</p>
              <Link to={paths.newChatbot} className="font-medium text-foreground underline underline-offset-4">
                Start blank instead
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <Alert>
            <AlertCircleIcon />
            <AlertTitle>This template is no longer available</AlertTitle>
            <AlertDescription>The builder starts from the usual settings instead.</AlertDescription>
          </Alert>
        ))}
      <ChatbotForm
        values={values}
        submitLabel="Create chatbot"
        processingNote={
          <p>
            Your documents are split into passages and embedded by the server: with Parley's built-in local embedder (offline, no key needed) unless an OpenAI
            key is configured on the server. The chatbot's page shows which one it uses.
          </p>
        }
        onSubmit={async (formValues) => {
          try {
            const chatbot = await create.mutateAsync(formValues);
            toast.success(`${chatbot.name} is created. Now give it some training data.`);
            onCreated(chatbot);
            return toFormValues(chatbot);
          } catch (error) {
            toast.error(`Could not create the chatbot: ${getErrorMessage(error)}`);
            throw error;
          }
        }}
      />
    </div>
  );
}
