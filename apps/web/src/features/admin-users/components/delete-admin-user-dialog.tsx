import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminUser } from '@parley/shared/contracts/admin';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteAdminUser } from '../api/delete-admin-user';

export function DeleteAdminUserDialog({ adminUser, onClose }: { adminUser: AdminUser; onClose: () => void }) {
  const remove = useDeleteAdminUser();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <ConfirmDialogContent
        title="Remove admin user?"
        description={`${adminUser.userEmail} will lose access to the admin console. Their customer account stays as it is.`}
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(adminUser.id, {
            onSuccess: () => {
              toast.success(ADMIN_MESSAGES.adminUserRemoved);
              onClose();
            },
            onError: (error) => {
              toast.error(ADMIN_MESSAGES.adminUserRemoveFailed(getErrorMessage(error)));
              onClose();
            },
          })
        }
      />
    </AlertDialog>
  );
}
