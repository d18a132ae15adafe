import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminUser } from '@parley/shared/contracts/admin-users';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { useDeleteAdminUser } from '../api/delete-admin-user';

/** Owns its request: closed while the request runs, the dialog says nothing more (the list still refreshes). */
export function DeleteAdminUserDialog({ adminUser, onClose }: { adminUser: AdminUser; onClose: () => void }) {
  const remove = useDeleteAdminUser();
  return (
    <ResourceDeleteDialog
      title="Remove admin user?"
      description={`${adminUser.userEmail} will lose access to the admin console. Their customer account stays as it is.`}
      confirmLabel="Remove"
      mutation={remove}
      variables={adminUser.id}
      deletedMessage={ADMIN_MESSAGES.adminUserRemoved}
      failedMessage={ADMIN_MESSAGES.adminUserRemoveFailed}
      onClose={onClose}
    />
  );
}
