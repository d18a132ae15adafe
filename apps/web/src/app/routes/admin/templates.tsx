import { MessageSquareTextIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ChatbotTemplatesManager } from '@/features/chatbot-templates/components/chatbot-templates-manager';

export default function TemplatesRoute() {
  const [isCreating, setCreating] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Template Management · Parley admin</title>
      <PageHeader
        title="Template Management"
        description="Ready-made chatbots customers can start from. Only active templates are offered in the builder."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={paths.adminBehaviorTemplates}>
                <MessageSquareTextIcon />
                <span className="hidden sm:inline">Behavior templates</span>
                <span className="sm:hidden">Behaviors</span>
              </Link>
            </Button>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon />
              Add Template
            </Button>
          </>
        }
      />
      <ChatbotTemplatesManager isCreating={isCreating} onCreatingChange={setCreating} />
    </div>
  );
}
