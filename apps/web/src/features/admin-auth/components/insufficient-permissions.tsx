import { insufficientRoleMessage, type AdminRole } from '@parley/shared/access';
import { ADMIN_MESSAGES, restrictedPageMessage } from '@parley/shared/admin-console';
import { ShieldOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { AdminStatusPanel } from './admin-status-panel';

/** Spec part 1 §4 step 4: an admin whose role does not reach the page's role; §6: the page's own red alert. */
export function InsufficientPermissions({ required, pathname, actions }: { required: AdminRole; pathname: string; actions?: ReactNode }) {
  return (
    <AdminStatusPanel icon={ShieldOffIcon} title={ADMIN_MESSAGES.insufficientTitle} tone="warning" className="mt-6" testId="insufficient-permissions">
      <p className="text-base text-foreground">{insufficientRoleMessage(required)}</p>
      <Alert variant="destructive">
        <AlertDescription>{restrictedPageMessage(pathname, required)}</AlertDescription>
      </Alert>
      {actions && <div className="flex flex-wrap gap-2 pt-1">{actions}</div>}
    </AdminStatusPanel>
  );
}
