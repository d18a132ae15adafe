import { can } from '@parley/shared/access';
import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ChatbotList } from '@/features/chatbots/components/chatbot-list';
import { TemplateGalleryDialog } from '@/features/chatbots/components/template-gallery-dialog';

export default function ChatbotsRoute() {
  const { organization } = useAuth();
  // Members use the chatbots; creating one is for owners and admins (the shared table of roles).
  const canCreate = can(organization?.role, 'chatbots.create');
  return (
    <div className="space-y-6">
      <title>Chatbots · Parley</title>
      <PageHeader
        title="Chatbots"
        description="The chatbots of your organization, each answering from its own documents."
        actions={
          canCreate ? (
            <>
              <TemplateGalleryDialog />
              <Button asChild>
                <Link to={paths.newChatbot}>
                  <PlusIcon />
                  New chatbot
                </Link>
              </Button>
            </>
          ) : undefined
        }
      />
      <ChatbotList canCreate={canCreate} />
    </div>
  );
}
