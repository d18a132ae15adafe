import { roleNeededFor } from '@parley/shared/admin-routes';
import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { LaunchMaterialsView } from '@/features/launch-materials/components/launch-materials-view';

export default function LaunchMaterialsRoute() {
  const { hasRole } = useAdminAuth();
  return (
    <>
      <title>Launch Materials · Parley admin</title>
      {/* Developers read the checklist; links to screens their role cannot open are shown as notes instead. */}
      <LaunchMaterialsView
        canOpen={(href) => {
          const role = roleNeededFor(href);
          return !role || hasRole(role);
        }}
      />
    </>
  );
}
