import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { ManagedUser } from '@parley/shared/contracts/users';
import { EyeIcon, UserCheckIcon, UserXIcon } from 'lucide-react';
import { ResourceTable, type ResourceColumn } from '@/components/resource-manager/resource-table';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/format';
import type { UserStatusAction } from '../api/set-user-active';

function initialsOf(user: ManagedUser): string {
  const name = user.fullName?.trim();
  if (!name) return (user.email[0] ?? '?').toUpperCase();
  const parts = name.split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

interface UsersTableProps {
  users: ManagedUser[];
  currentUserId: string | null;
  onView: (user: ManagedUser) => void;
  onChangeStatus: (user: ManagedUser, action: UserStatusAction) => void;
}

function StatusActions({ user, isSelf, onView, onChangeStatus }: { user: ManagedUser; isSelf: boolean } & Omit<UsersTableProps, 'users' | 'currentUserId'>) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => onView(user)} aria-label={`View ${user.email}`}>
        <EyeIcon />
        <span className="hidden lg:inline">View</span>
      </Button>
      {user.isActive ? (
        isSelf ? (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
              <span tabIndex={0} className="inline-flex">
                <Button variant="ghost" size="sm" disabled aria-label={ADMIN_MESSAGES.cannotDeactivateSelf}>
                  <UserXIcon />
                  <span className="hidden lg:inline">Deactivate</span>
                </Button>
              </span>
            </TooltipTrigger>
            <TooltipContent>{ADMIN_MESSAGES.cannotDeactivateSelf}</TooltipContent>
          </Tooltip>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => onChangeStatus(user, 'deactivate')}
            aria-label={`Deactivate ${user.email}`}
          >
            <UserXIcon />
            <span className="hidden lg:inline">Deactivate</span>
          </Button>
        )
      ) : (
        <Button variant="ghost" size="sm" onClick={() => onChangeStatus(user, 'reactivate')} aria-label={`Reactivate ${user.email}`}>
          <UserCheckIcon />
          <span className="hidden lg:inline">Reactivate</span>
        </Button>
      )}
    </div>
  );
}

/** Spec part 1 §2: avatar, name (or 'Unknown'), e-mail, joined, status, view, deactivate or reactivate. */
export function UsersTable({ users, currentUserId, onView, onChangeStatus }: UsersTableProps) {
  const columns: ResourceColumn<ManagedUser>[] = [
    {
      header: 'User',
      cell: (user) => (
        <div className="flex items-center gap-3">
          <Avatar className="size-8">
            {user.avatarUrl && <AvatarImage src={user.avatarUrl} alt="" />}
            <AvatarFallback>{initialsOf(user)}</AvatarFallback>
          </Avatar>
          <span className="max-w-48 truncate font-medium">{user.fullName?.trim() || ADMIN_MESSAGES.unknownName}</span>
        </div>
      ),
    },
    { header: 'Email', cellClassName: 'max-w-64 truncate text-muted-foreground', cell: (user) => user.email },
    { header: 'Joined', cellClassName: 'text-muted-foreground', cell: (user) => formatDate(user.createdAt) },
    {
      header: 'Status',
      cell: (user) =>
        user.isActive ? (
          <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
            Active
          </Badge>
        ) : (
          <Badge variant="destructive">Deactivated</Badge>
        ),
    },
    {
      header: 'Actions',
      headClassName: 'text-right',
      cellClassName: 'text-right',
      cell: (user) => <StatusActions user={user} isSelf={user.id === currentUserId} onView={onView} onChangeStatus={onChangeStatus} />,
    },
  ];
  return (
    <ResourceTable
      items={users}
      columns={columns}
      rowTestId="user-row"
      rowData={(user) => ({ 'data-email': user.email })}
      emptyMessage={ADMIN_MESSAGES.noUsers}
    />
  );
}
