import { N8N_LIMITS, type N8nAdvancedSettings } from '@parley/shared/contracts/n8n';
import { Badge } from '@/components/ui/badge';
import { Separator } from '@/components/ui/separator';
import { ConnectionTest } from './connection-test';
import { NumberSetting, SwitchSetting, type SettingsFormProps } from './settings-fields';

/** General: where n8n is (System Configuration), whether and how documents go to it, and the fallback. */
export function GeneralSettings({ settings, control, register, errors }: SettingsFormProps & { settings: N8nAdvancedSettings }) {
  const isN8nMode = settings.processingMode === 'n8n_integration';
  return (
    <div className="grid gap-5">
      <div className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">Processing mode</span>
          <Badge variant={isN8nMode ? 'default' : 'secondary'}>{isN8nMode ? 'n8n integration' : 'Built-in processing (edge_functions)'}</Badge>
        </div>
        <p className="text-muted-foreground">
          {isN8nMode
            ? 'Documents are handed to n8n as set below. System admins change the mode in System Configuration → Integration Settings.'
            : 'Parley processes documents itself; the settings below apply once a system admin switches System Configuration to n8n integration.'}
        </p>
      </div>
      <ConnectionTest key={settings.n8nWebhookBaseUrl ?? ''} configuredUrl={settings.n8nWebhookBaseUrl} />
      <Separator />
      <div className="grid gap-3">
        <SwitchSetting
          control={control}
          name="n8nEnabled"
          label="n8n enabled"
          description="Off: Parley sends no documents to n8n, whatever the processing mode."
        />
        <SwitchSetting
          control={control}
          name="n8nPrimaryMode"
          label="n8n primary mode"
          description="Documents no routing rule claims go to n8n (on) or to the built-in pipeline (off)."
        />
        <SwitchSetting
          control={control}
          name="n8nFallbackEnabled"
          label="Fallback to built-in processing"
          description="When n8n fails (after the retries), or its recent success rate is below the threshold, Parley processes the document itself."
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <NumberSetting
          register={register}
          errors={errors}
          name="autoFallbackThreshold"
          label="Auto fallback threshold"
          unit="%"
          {...N8N_LIMITS.autoFallbackThreshold}
          description="Recent success rate below which documents skip n8n."
        />
        <NumberSetting
          register={register}
          errors={errors}
          name="n8nWorkflowTimeoutSeconds"
          label="Workflow timeout"
          unit="s"
          {...N8N_LIMITS.n8nWorkflowTimeoutSeconds}
          description="Per request to n8n."
        />
        <NumberSetting
          register={register}
          errors={errors}
          name="webhookRetryCount"
          label="Webhook retries"
          {...N8N_LIMITS.webhookRetryCount}
          description="Further tries of a failed document hand-off."
        />
      </div>
    </div>
  );
}
