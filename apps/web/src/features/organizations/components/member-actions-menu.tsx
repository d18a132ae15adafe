import type { OrganizationRole } from '@parley/shared/access';
import type { Member } from '@parley/shared/contracts/organizations';
import { CrownIcon, MoreHorizontalIcon, ShieldIcon, UserIcon, UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { getErrorMessage } from '@/lib/api-error';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { hasAnyMemberAction, memberActions } from '../utils/team-permissions';

export const memberLabel = (member: Pick<Member, 'name' | 'email'>) => member.name || member.email;

/** What the current user may do to one member: change the role, hand over ownership, remove. */
export function MemberActionsMenu({
  member,
  myRole,
  isPersonal,
  organizationName,
  onMakeOwner,
}: {
  member: Member;
  myRole: OrganizationRole;
  isPersonal: boolean;
  organizationName: string;
  onMakeOwner: (member: Member) => void;
}) {
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const actions = memberActions(myRole, member, { isPersonal });
  if (!hasAnyMemberAction(actions)) return null;
  const name = memberLabel(member);

  const setRole = (role: 'admin' | 'member') =>
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success(role === 'admin' ? `${name} is now an admin` : `${name} is now a member`),
        onError: (error) => toast.error(`Could not change the role: ${getErrorMessage(error)}`),
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`} disabled={updateRole.isPending}>
            <MoreHorizontalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {actions.canMakeAdmin && (
            <DropdownMenuItem onSelect={() => setRole('admin')}>
              <ShieldIcon />
              Make admin
            </DropdownMenuItem>
          )}
          {actions.canMakeMember && (
            <DropdownMenuItem onSelect={() => setRole('member')}>
              <UserIcon />
              Make member
            </DropdownMenuItem>
          )}
          {actions.canMakeOwner && (
            <DropdownMenuItem onSelect={() => onMakeOwner(member)}>
              <CrownIcon />
              Transfer ownership…
            </DropdownMenuItem>
          )}
          {actions.canRemove && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setRemoveOpen(true)}>
                <UserMinusIcon />
                Remove from organization
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={isRemoveOpen} onOpenChange={setRemoveOpen}>
        <ConfirmDialogContent
          title={`Remove ${name}?`}
          description={`${name} loses access to ${organizationName}: its chatbots, inbox and everything else. The chatbots they made stay. You can invite them again later.`}
          confirmLabel="Remove"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(member.userId, {
              onSuccess: () => {
                toast.success(`${name} was removed from ${organizationName}`);
                setRemoveOpen(false);
              },
              onError: (error) => toast.error(`Could not remove ${name}: ${getErrorMessage(error)}`),
            })
          }
        />
      </AlertDialog>
    </>
  );
}
