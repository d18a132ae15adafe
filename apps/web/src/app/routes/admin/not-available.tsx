import { adminRouteFor } from '@parley/shared/admin-routes';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { ConstructionIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Screens whose work comes later: one honest panel naming the screen. */
const SCREEN_NAMES: Readonly<Record<string, string>> = { [paths.launchMaterials]: 'Launch materials' };

export default function NotAvailableRoute() {
  const { pathname } = useLocation();
  const screen = adminRouteFor(pathname)?.screen ?? SCREEN_NAMES[pathname.replace(/\/+$/, '')] ?? 'This screen';
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>{`${screen} · Parley admin`}</title>
      <PageHeader title={screen} />
      <EmptyState
        icon={ConstructionIcon}
        status={ADMIN_MESSAGES.notAvailableYet}
        title={`${screen}: not available yet`}
        description={`The ${screen.toLowerCase()} screen of the admin console has not been built yet. Nothing here is simulated: it will appear once it works.`}
        action={
          <Button asChild variant="outline">
            <Link to={paths.admin}>Back to the admin dashboard</Link>
          </Button>
        }
      />
    </div>
  );
}
