import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useUser } from '../api/get-user';

/** Spec part 1 §2 "User Details": id, status, joined, last updated. Opening it is recorded as user_viewed. */
export function UserDetailsDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const query = useUser(userId);
  const user = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>User Details</DialogTitle>
          <DialogDescription className="break-all">{user ? user.email : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-destructive">{getErrorMessage(query.error)}</p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm" data-testid="user-details">
            <dt className="text-muted-foreground">Name</dt>
            <dd>{query.data.fullName?.trim() || ADMIN_MESSAGES.unknownName}</dd>
            <dt className="text-muted-foreground">User ID</dt>
            <dd className="font-mono text-xs break-all">{query.data.id}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              {query.data.isActive ? (
                <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
                  Active
                </Badge>
              ) : (
                <Badge variant="destructive">Deactivated</Badge>
              )}
            </dd>
            <dt className="text-muted-foreground">Joined</dt>
            <dd>{formatDateTime(query.data.createdAt)}</dd>
            <dt className="text-muted-foreground">Last updated</dt>
            <dd>{formatDateTime(query.data.updatedAt)}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
