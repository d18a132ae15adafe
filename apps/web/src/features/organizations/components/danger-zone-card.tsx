import type { OrganizationRole } from '@parley/shared/access';
import { CrownIcon, LogOutIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useLeaveOrganization } from '../api/leave-organization';
import { DeleteOrganizationDialog } from './delete-organization-dialog';

function Row({ title, description, action }: { title: string; description: string; action: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}

/** Leaving (anyone but the owner), handing over and deleting (the owner; never a personal workspace). */
export function DangerZoneCard({
  myRole,
  isPersonal,
  organizationName,
  memberCount,
  onTransfer,
  onLeft,
  onDeleted,
}: {
  myRole: OrganizationRole;
  isPersonal: boolean;
  organizationName: string;
  memberCount: number;
  onTransfer: () => void;
  onLeft: () => void | Promise<void>;
  onDeleted: () => void | Promise<void>;
}) {
  const [isLeaveOpen, setLeaveOpen] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const leave = useLeaveOrganization();
  const isOwner = myRole === 'owner';

  if (isOwner && isPersonal) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Personal workspace</CardTitle>
          <CardDescription>
            This workspace was made for you when you signed up. You can invite people to it, but it cannot be deleted or handed over. To share ownership, create
            an organization from the switcher in the sidebar.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <Card className="border-destructive/30">
      <CardHeader>
        <CardTitle>{isOwner ? 'Ownership and deletion' : 'Leave'}</CardTitle>
        <CardDescription>{isOwner ? 'Only the owner sees these.' : `Your access to ${organizationName}.`}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {!isOwner && (
          <Row
            title="Leave organization"
            description="You lose access to its chatbots and inbox. An admin can invite you again."
            action={
              <AlertDialog open={isLeaveOpen} onOpenChange={setLeaveOpen}>
                <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setLeaveOpen(true)}>
                  <LogOutIcon />
                  Leave organization
                </Button>
                <ConfirmDialogContent
                  title={`Leave ${organizationName}?`}
                  description="You will no longer see its chatbots, inbox or anything else in it."
                  confirmLabel="Leave"
                  isPending={leave.isPending}
                  onConfirm={() =>
                    leave.mutate(undefined, {
                      onSuccess: async () => {
                        setLeaveOpen(false);
                        await onLeft();
                        toast.success(`You left ${organizationName}`);
                      },
                      onError: (error) => toast.error(`Could not leave the organization: ${getErrorMessage(error)}`),
                    })
                  }
                />
              </AlertDialog>
            }
          />
        )}
        {isOwner && (
          <>
            <Row
              title="Transfer ownership"
              description="Hand the organization to another member. You stay on as an admin."
              action={
                <Button variant="outline" onClick={onTransfer}>
                  <CrownIcon />
                  Transfer ownership
                </Button>
              }
            />
            <Row
              title="Delete organization"
              description="Deletes its chatbots, training data, conversations, keys and reports for everyone."
              action={
                <Button variant="destructive" onClick={() => setDeleteOpen(true)}>
                  <Trash2Icon />
                  Delete organization
                </Button>
              }
            />
            <DeleteOrganizationDialog
              isOpen={isDeleteOpen}
              onOpenChange={setDeleteOpen}
              organizationName={organizationName}
              memberCount={memberCount}
              onDeleted={onDeleted}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
