import { ArrowLeftIcon, WandSparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NewChatbotRoute() {
  return (
    <div className="space-y-6">
      <title>New chatbot · Parley</title>
      <PageHeader
        title="New chatbot"
        description="Name your chatbot, choose how it answers and give it documents to learn from."
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.chatbots}>
              <ArrowLeftIcon />
              Back to chatbots
            </Link>
          </Button>
        }
      />
      <EmptyState
        icon={WandSparklesIcon}
        status="Not available yet"
        title="The chatbot builder is on its way"
        description="Here you will set up a chatbot step by step: its name and tone, its instructions, the documents it answers from and how it looks on your website. The builder is not available yet."
      />
    </div>
  );
}
