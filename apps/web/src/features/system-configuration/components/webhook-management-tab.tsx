import { SYSTEM_CONFIGURATION_LIMITS as LIMITS } from '@parley/shared/constants';
import { WebhookIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { integerDefault } from '../utils/config-form';
import type { SettingsTabProps } from './document-processing-tab';
import { NumberSettingField } from './number-setting-field';
import { SettingsSection } from './settings-section';

/** The global settings of outbound webhook delivery; the per-endpoint configurations come with the webhooks feature. */
export function WebhookManagementTab({ draft, errors, onChange }: SettingsTabProps) {
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Delivery defaults"
        description="Used for every outbound webhook delivery: how long to wait for the receiver, how often to retry a failed delivery, and how many deliveries to send per minute."
      >
        <NumberSettingField
          label="Webhook timeout"
          value={draft.globalWebhookTimeoutSeconds}
          defaultValue={integerDefault('globalWebhookTimeoutSeconds')}
          {...LIMITS.globalWebhookTimeoutSeconds}
          unit="seconds"
          error={errors.globalWebhookTimeoutSeconds}
          onChange={(value) => onChange({ globalWebhookTimeoutSeconds: value })}
        />
        <NumberSettingField
          label="Retry count"
          value={draft.globalWebhookRetryCount}
          defaultValue={integerDefault('globalWebhookRetryCount')}
          {...LIMITS.globalWebhookRetryCount}
          unit="retries"
          error={errors.globalWebhookRetryCount}
          onChange={(value) => onChange({ globalWebhookRetryCount: value })}
        />
        <NumberSettingField
          label="Rate limit"
          value={draft.webhookRateLimitPerMinute}
          defaultValue={integerDefault('webhookRateLimitPerMinute')}
          {...LIMITS.webhookRateLimitPerMinute}
          unit="per minute"
          error={errors.webhookRateLimitPerMinute}
          onChange={(value) => onChange({ webhookRateLimitPerMinute: value })}
        />
      </SettingsSection>
      <Alert>
        <WebhookIcon />
        <AlertTitle>Webhook configurations</AlertTitle>
        <AlertDescription>
          The list of outbound webhooks (endpoint, events, secret, headers, test) arrives with the webhooks feature and will appear on this tab. The defaults
          above are saved now and apply to those deliveries.
        </AlertDescription>
      </Alert>
    </div>
  );
}
