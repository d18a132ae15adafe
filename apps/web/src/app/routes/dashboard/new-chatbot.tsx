import { ArrowLeftIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { chatbotPath, paths } from '@/config/paths';
import { CreateChatbotForm } from '@/features/chatbots/components/create-chatbot-form';

export default function NewChatbotRoute() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>New chatbot · Parley</title>
      <PageHeader
        title="New chatbot"
        description="Name it, choose how it answers and how it looks. You add its training data on the next page."
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.chatbots}>
              <ArrowLeftIcon />
              Back to chatbots
            </Link>
          </Button>
        }
      />
      <CreateChatbotForm onCreated={(chatbot) => navigate(chatbotPath(chatbot.id, 'training-data'))} />
    </div>
  );
}
