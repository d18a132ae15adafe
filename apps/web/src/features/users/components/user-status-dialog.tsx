import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { ManagedUser } from '@parley/shared/contracts/users';
import { toast } from '@/lib/toast';
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
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useSetUserActive, type UserStatusAction } from '../api/set-user-active';

const COPY: Record<UserStatusAction, { title: string; body: (email: string) => string; confirm: string }> = {
  deactivate: {
    title: 'Deactivate user?',
    body: (email) => `${email} will be signed out everywhere at once and cannot sign in until reactivated. Their data is kept.`,
    confirm: 'Deactivate',
  },
  reactivate: {
    title: 'Reactivate user?',
    body: (email) => `${email} will be able to sign in again.`,
    confirm: 'Reactivate',
  },
};

/** Spec part 1 §2 and §4: deactivation and reactivation happen only after confirmation. */
export function UserStatusDialog({ user, action, onClose }: { user: ManagedUser; action: UserStatusAction; onClose: () => void }) {
  const mutation = useSetUserActive();
  const copy = COPY[action];
  const confirm = () =>
    mutation.mutate(
      { id: user.id, action },
      {
        onSuccess: () => {
          toast.success(action === 'deactivate' ? ADMIN_MESSAGES.userDeactivated : ADMIN_MESSAGES.userReactivated);
          onClose();
        },
        onError: (error) => {
          const reason = getErrorMessage(error);
          toast.error(action === 'deactivate' ? ADMIN_MESSAGES.userDeactivateFailed(reason) : ADMIN_MESSAGES.userReactivateFailed(reason));
          onClose();
        },
      },
    );

  return (
    <AlertDialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{copy.title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{copy.body(user.email)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={action === 'deactivate' ? 'destructive' : 'default'}
            disabled={mutation.isPending}
            onClick={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            {mutation.isPending && <Spinner />}
            {copy.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
