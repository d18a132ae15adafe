import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ChatbotList } from '@/features/chatbots/components/chatbot-list';
import { TemplateGalleryDialog } from '@/features/chatbots/components/template-gallery-dialog';

export default function ChatbotsRoute() {
  return (
    <div className="space-y-6">
      <title>Chatbots · Parley</title>
      <PageHeader
        title="Chatbots"
        description="The chatbots of your organization, each answering from its own documents."
        actions={
          <>
            <TemplateGalleryDialog />
            <Button asChild>
              <Link to={paths.newChatbot}>
                <PlusIcon />
                New chatbot
              </Link>
            </Button>
          </>
        }
      />
      <ChatbotList />
    </div>
  );
}
