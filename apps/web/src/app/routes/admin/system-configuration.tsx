import { paths } from '@/config/paths';
import { SystemConfigurationScreen } from '@/features/system-configuration/components/system-configuration-screen';

export default function SystemConfigurationRoute() {
  return (
    <>
      <title>System Configuration · Parley admin</title>
      <SystemConfigurationScreen signInPath={paths.auth} debugConsolePath={paths.adminDebug} />
    </>
  );
}
