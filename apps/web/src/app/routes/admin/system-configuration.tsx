import { paths } from '@/config/paths';
import { SystemConfigurationScreen } from '@/features/system-configuration/components/system-configuration-screen';
import { WebhookConfigurations } from '@/features/webhooks/components/webhook-configurations';

export default function SystemConfigurationRoute() {
  return (
    <>
      <title>System Configuration · Parley admin</title>
      <SystemConfigurationScreen
        signInPath={paths.auth}
        debugConsolePath={paths.adminDebug}
        webhookList={<WebhookConfigurations scope="installation" intro="Signed with Standard Webhooks and retried like the customers’ webhooks." />}
      />
    </>
  );
}
