import { zodResolver } from '@hookform/resolvers/zod';
import { n8nAdvancedSettingsBodySchema, type N8nAdvancedSettings } from '@parley/shared/contracts/n8n';
import { SaveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useN8nSettings } from '../api/get-n8n-settings';
import { useUpdateN8nSettings } from '../api/update-n8n-settings';
import { GeneralSettings } from './general-settings';
import { MonitoringSettings } from './monitoring-settings';
import { RoutingSettings } from './routing-settings';
import { SecuritySettings } from './security-settings';
import type { SettingsForm } from './settings-fields';
import { TemplatesSettings } from './templates-settings';
import type { WorkflowDialogTarget } from './workflow-dialog';

type SettingsSection = 'general' | 'templates' | 'routing' | 'monitoring' | 'security';
const resolver = zodResolver(n8nAdvancedSettingsBodySchema) as Resolver<SettingsForm>;

/** Where each setting is edited. */
const SECTION_OF: Record<keyof SettingsForm, SettingsSection> = {
  n8nEnabled: 'general',
  n8nPrimaryMode: 'general',
  n8nFallbackEnabled: 'general',
  n8nWorkflowTimeoutSeconds: 'general',
  webhookRetryCount: 'general',
  autoFallbackThreshold: 'general',
  intelligentRoutingEnabled: 'routing',
  performanceMonitoringEnabled: 'monitoring',
  alertThresholdErrorRate: 'monitoring',
  alertThresholdResponseTime: 'monitoring',
};

const formValues = (settings: N8nAdvancedSettings): SettingsForm => ({
  n8nEnabled: settings.n8nEnabled,
  n8nPrimaryMode: settings.n8nPrimaryMode,
  n8nFallbackEnabled: settings.n8nFallbackEnabled,
  n8nWorkflowTimeoutSeconds: settings.n8nWorkflowTimeoutSeconds,
  webhookRetryCount: settings.webhookRetryCount,
  intelligentRoutingEnabled: settings.intelligentRoutingEnabled,
  autoFallbackThreshold: settings.autoFallbackThreshold,
  performanceMonitoringEnabled: settings.performanceMonitoringEnabled,
  alertThresholdErrorRate: settings.alertThresholdErrorRate,
  alertThresholdResponseTime: settings.alertThresholdResponseTime,
});

function AdvancedSettings({ settings, onUseTemplate }: { settings: N8nAdvancedSettings; onUseTemplate: (target: WorkflowDialogTarget) => void }) {
  const [section, setSection] = useState<SettingsSection>('general');
  const form = useForm<SettingsForm>({ resolver, defaultValues: formValues(settings) });
  const save = useUpdateN8nSettings();
  const { errors, isDirty, isSubmitting } = form.formState;
  // A save (here or by another admin) brings new values; edits in progress are kept.
  useEffect(() => {
    form.reset(formValues(settings), { keepDirtyValues: true });
  }, [settings, form]);

  // Not a <form>: the dialogs inside the sections have forms of their own, and React bubbles submit events through portals.
  const submit = form.handleSubmit(
    async (values) => {
      try {
        const saved = await save.mutateAsync(values);
        form.reset(formValues(saved));
        toast.success('n8n settings saved');
      } catch (error) {
        toast.error('Error', { description: `Failed to save n8n settings: ${getErrorMessage(error)}` });
      }
    },
    (invalid) => {
      // Show the section of the first field that is wrong: it may not be the one on screen.
      const first = Object.keys(invalid)[0] as keyof SettingsForm | undefined;
      if (first) setSection(SECTION_OF[first]);
      toast.error('Error', { description: 'Some settings are out of range: see the highlighted fields.' });
    },
  );
  const props = { control: form.control, register: form.register, errors };
  const hasFormFields = section !== 'templates' && section !== 'security';

  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Advanced n8n Settings</CardTitle>
          <CardDescription>
            How Parley hands documents to n8n, routes them, judges n8n’s health and authenticates to it.
            {settings.updatedAt && ` Saved ${formatDateTime(settings.updatedAt)}${settings.updatedBy ? ` by ${settings.updatedBy}` : ''}.`}
          </CardDescription>
        </div>
        {(hasFormFields || isDirty) && (
          <div className="flex items-center gap-2">
            {isDirty && <Badge variant="secondary">Unsaved changes</Badge>}
            <Button type="button" onClick={() => void submit()} disabled={!isDirty || isSubmitting}>
              {isSubmitting ? <Spinner /> : <SaveIcon />}
              Save Changes
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        <Tabs value={section} onValueChange={(value) => setSection(value as SettingsSection)} className="gap-5">
          <div className="-mx-1 overflow-x-auto px-1 pb-1">
            <TabsList>
              <TabsTrigger value="general">General</TabsTrigger>
              <TabsTrigger value="templates">Templates</TabsTrigger>
              <TabsTrigger value="routing">Routing</TabsTrigger>
              <TabsTrigger value="monitoring">Monitoring</TabsTrigger>
              <TabsTrigger value="security">Security</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="general">
            <GeneralSettings settings={settings} {...props} />
          </TabsContent>
          <TabsContent value="templates">
            <TemplatesSettings onUse={onUseTemplate} />
          </TabsContent>
          <TabsContent value="routing">
            <RoutingSettings control={form.control} />
          </TabsContent>
          <TabsContent value="monitoring">
            <MonitoringSettings {...props} />
          </TabsContent>
          <TabsContent value="security">
            <SecuritySettings settings={settings} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

/** Spec §2 Settings tab: Advanced n8n Settings with tabs General, Templates, Routing, Monitoring, Security — saved on the server. */
export function SettingsTab({ onUseTemplate }: { onUseTemplate: (target: WorkflowDialogTarget) => void }) {
  const settings = useN8nSettings();
  if (settings.isPending) return <LoadingRows label="Loading n8n settings" rows={4} className="h-16" />;
  if (settings.isError) return <LoadErrorAlert query={settings} title="Failed to load n8n settings" />;
  return <AdvancedSettings settings={settings.data} onUseTemplate={onUseTemplate} />;
}
