import { ArrowLeftIcon } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { chatbotPath, paths } from '@/config/paths';
import { CreateChatbotForm } from '@/features/chatbots/components/create-chatbot-form';
import { TemplateGalleryDialog } from '@/features/chatbots/components/template-gallery-dialog';

export default function NewChatbotRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const templateId = searchParams.get('template')?.trim() || null;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>New chatbot · Parley</title>
      <PageHeader
        title="New chatbot"
        description="Name it, choose how it answers and how it looks. You add its training data on the next page."
        actions={
          <>
            <TemplateGalleryDialog triggerLabel={templateId ? 'Another template' : 'Start from a template'} />
            <Button variant="outline" asChild>
              <Link to={paths.chatbots}>
                <ArrowLeftIcon />
                <span className="hidden sm:inline">Back to chatbots</span>
                <span className="sm:hidden">Back</span>
              </Link>
            </Button>
          </>
        }
      />
      {/* A new template starts a fresh form: what the previous one filled in must not linger. */}
      <CreateChatbotForm key={templateId ?? 'blank'} templateId={templateId} onCreated={(chatbot) => navigate(chatbotPath(chatbot.id, 'training-data'))} />
    </div>
  );
}
