import type { ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { BarChart3Icon, PlusIcon, Settings2Icon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { useResourceDialog } from '@/components/resource-manager/use-resource-dialog';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useActionCategories } from '../api/get-action-categories';
import { ActionAnalyticsTab } from './action-analytics-tab';
import { ActionSettingsTab } from './action-settings-tab';
import { ActionTemplateDialog } from './action-template-dialog';
import { ActionTemplatesTab } from './action-templates-tab';
import { DeleteActionTemplateDialog } from './delete-action-template-dialog';

type ManagerTab = 'templates' | 'analytics' | 'settings';

/** Spec part 2 §2 "Custom Action Management": tabs Action Templates, Analytics and Settings, and the dialog. */
export function AiActionsManager() {
  const [tab, setTab] = useState<ManagerTab>('templates');
  const dialog = useResourceDialog<ActionTemplate, 'configure' | 'delete'>();
  const configuring = dialog.itemFor('configure');
  const deleting = dialog.itemFor('delete');
  const allCategories = useActionCategories({ includeInactive: true });
  const categories = allCategories.data?.items ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Custom Action Management"
        description="Actions chatbots can take: webhooks to call, data to collect, people to notify, systems to hand over to."
        actions={
          <Button onClick={dialog.openCreate}>
            <PlusIcon />
            Create Action
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value as ManagerTab)} className="gap-5">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="templates">
            <ZapIcon />
            <span className="sm:hidden">Templates</span>
            <span className="hidden sm:inline">Action Templates</span>
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3Icon />
            Analytics
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings2Icon />
            Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="templates">
          <ActionTemplatesTab
            allCategories={categories}
            onCreate={dialog.openCreate}
            onConfigure={(template) => dialog.openFor('configure', template)}
            onDelete={(template) => dialog.openFor('delete', template)}
            onManageCategories={() => setTab('settings')}
          />
        </TabsContent>
        <TabsContent value="analytics">
          <ActionAnalyticsTab />
        </TabsContent>
        <TabsContent value="settings">
          <ActionSettingsTab />
        </TabsContent>
      </Tabs>
      {(dialog.isCreating || configuring) && (
        <ActionTemplateDialog key={configuring?.id ?? 'new'} template={configuring} categories={categories} onClose={dialog.close} />
      )}
      {deleting && <DeleteActionTemplateDialog template={deleting} onClose={dialog.close} />}
    </div>
  );
}
