import { LayoutTemplateIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BehaviorTemplatesManager } from '@/features/behavior-templates/components/behavior-templates-manager';

export default function BehaviorTemplatesRoute() {
  const [isCreating, setCreating] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Behavior Template Management · Parley admin</title>
      <PageHeader
        title="Behavior Template Management"
        description="System prompts customers start a chatbot from. The default one is preselected in the chatbot builder."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={paths.adminTemplates}>
                <LayoutTemplateIcon />
                <span className="hidden sm:inline">Chatbot templates</span>
                <span className="sm:hidden">Chatbots</span>
              </Link>
            </Button>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon />
              New template
            </Button>
          </>
        }
      />
      <BehaviorTemplatesManager isCreating={isCreating} onCreatingChange={setCreating} />
    </div>
  );
}
