import { BotIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function ChatbotsRoute() {
  return (
    <div className="space-y-6">
      <title>Chatbots · Parley</title>
      <PageHeader
        title="Chatbots"
        description="The chatbots of your organization, each answering from its own documents."
        actions={
          <Button asChild>
            <Link to={paths.newChatbot}>
              <PlusIcon />
              New chatbot
            </Link>
          </Button>
        }
      />
      <EmptyState
        icon={BotIcon}
        status="Not available yet"
        title="Your chatbots will be listed here"
        description="You will be able to create chatbots, train them on your documents and see how each one is doing. Chatbot management is not available yet."
      />
    </div>
  );
}
