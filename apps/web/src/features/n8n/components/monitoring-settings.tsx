import { N8N_LIMITS } from '@parley/shared/contracts/n8n';
import { NumberSetting, SwitchSetting, type SettingsFormProps } from './settings-fields';

/** Monitoring: whether health is assessed, and the thresholds it is assessed with. */
export function MonitoringSettings({ control, register, errors }: SettingsFormProps) {
  return (
    <div className="grid gap-5">
      <SwitchSetting
        control={control}
        name="performanceMonitoringEnabled"
        label="Performance monitoring"
        description="Judge workflow health (healthy, warning, critical) on the Monitoring tab. Requests are recorded either way."
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <NumberSetting
          register={register}
          errors={errors}
          name="alertThresholdErrorRate"
          label="Error-rate alert threshold"
          unit="%"
          {...N8N_LIMITS.alertThresholdErrorRate}
          description="A workflow with more errors than this is critical."
        />
        <NumberSetting
          register={register}
          errors={errors}
          name="alertThresholdResponseTime"
          label="Response-time alert threshold"
          unit="ms"
          {...N8N_LIMITS.alertThresholdResponseTime}
          description="A slower average response makes a workflow a warning."
        />
      </div>
    </div>
  );
}
