import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminUser } from '@parley/shared/contracts/admin';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteAdminUser } from '../api/delete-admin-user';

export function DeleteAdminUserDialog({ adminUser, onClose }: { adminUser: AdminUser; onClose: () => void }) {
  const remove = useDeleteAdminUser();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove admin user?</AlertDialogTitle>
          <AlertDialogDescription>{adminUser.userEmail} will lose access to the admin console. Their customer account stays as it is.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate(adminUser.id, {
                onSuccess: () => {
                  toast.success(ADMIN_MESSAGES.adminUserRemoved);
                  onClose();
                },
                onError: (error) => {
                  toast.error(ADMIN_MESSAGES.adminUserRemoveFailed(getErrorMessage(error)));
                  onClose();
                },
              });
            }}
          >
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
