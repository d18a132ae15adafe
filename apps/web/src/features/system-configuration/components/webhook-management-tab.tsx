import { SYSTEM_CONFIGURATION_LIMITS as LIMITS } from '@parley/shared/constants';
import type { ReactNode } from 'react';
import { integerDefault } from '../utils/config-form';
import type { SettingsTabProps } from './document-processing-tab';
import { NumberSettingField } from './number-setting-field';
import { SettingsSection } from './settings-section';

/**
 * The global settings of outbound webhook delivery, and the installation-wide webhooks: `webhookList`, composed by
 * the route from the webhooks feature (features do not import each other).
 */
export function WebhookManagementTab({ draft, errors, onChange, webhookList }: SettingsTabProps & { webhookList?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Delivery limits"
        description="Apply to every outbound webhook delivery, the customers’ included: the longest wait for the receiver and the most retries (a webhook’s own lower values win), and how many deliveries each endpoint gets per minute."
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
      {webhookList && (
        <section className="grid gap-3" aria-labelledby="installation-webhooks-title">
          <div className="grid gap-1">
            <h2 id="installation-webhooks-title" className="text-base font-semibold">
              Webhook configurations
            </h2>
            <p className="text-sm text-muted-foreground">
              Installation-wide webhooks receive the events of every organization; each payload names its organization. They are saved at once, apart from Save
              Changes.
            </p>
          </div>
          {webhookList}
        </section>
      )}
    </div>
  );
}
