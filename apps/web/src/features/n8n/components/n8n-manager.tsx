import { ActivityIcon, PlusIcon, Settings2Icon, WebhookIcon, WorkflowIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MonitoringTab } from './monitoring-tab';
import { SettingsTab } from './settings-tab';
import { WebhooksTab } from './webhooks-tab';
import { WorkflowDialog, type WorkflowDialogTarget } from './workflow-dialog';
import { WorkflowsTab } from './workflows-tab';

type ManagerTab = 'workflows' | 'webhooks' | 'monitoring' | 'settings';

/** Spec part 2 §2 "n8n Integration Management": tabs Workflows, Webhooks, Monitoring and Settings. */
export function N8nManager() {
  const [tab, setTab] = useState<ManagerTab>('workflows');
  const [workflowDialog, setWorkflowDialog] = useState<WorkflowDialogTarget | null>(null);
  // Every open of the dialog starts fresh, even for the same template twice.
  const [dialogKey, setDialogKey] = useState(0);
  const openWorkflow = (target: WorkflowDialogTarget) => {
    setDialogKey((key) => key + 1);
    setWorkflowDialog(target);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="n8n Integration Management"
        description="The n8n workflows Parley works with: endpoints to test, document routing, and real figures of every request Parley sends n8n."
        actions={
          <Button onClick={() => openWorkflow({ initial: {} })}>
            <PlusIcon />
            Add Workflow
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value as ManagerTab)} className="gap-5">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="workflows">
            <WorkflowIcon className="hidden sm:block" />
            Workflows
          </TabsTrigger>
          <TabsTrigger value="webhooks">
            <WebhookIcon className="hidden sm:block" />
            Webhooks
          </TabsTrigger>
          <TabsTrigger value="monitoring">
            <ActivityIcon className="hidden sm:block" />
            Monitoring
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings2Icon className="hidden sm:block" />
            Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="workflows">
          <WorkflowsTab onOpen={openWorkflow} />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksTab />
        </TabsContent>
        <TabsContent value="monitoring">
          <MonitoringTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab onUseTemplate={openWorkflow} />
        </TabsContent>
      </Tabs>
      {workflowDialog && <WorkflowDialog key={dialogKey} target={workflowDialog} onClose={() => setWorkflowDialog(null)} />}
    </div>
  );
}
