import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminUser } from '@parley/shared/contracts/admin-users';
import { UserCogIcon } from 'lucide-react';
import { AdminRoleBadge } from '@/components/admin/admin-role-badge';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceRefreshButton, ResourceRowActions } from '@/components/resource-manager/resource-buttons';
import { ResourceCard } from '@/components/resource-manager/resource-card';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { ResourceTable, type ResourceColumn } from '@/components/resource-manager/resource-table';
import { useResourceDialog, type ResourceDialog } from '@/components/resource-manager/use-resource-dialog';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { useAdminUsers } from '../api/get-admin-users';
import { DeleteAdminUserDialog } from './delete-admin-user-dialog';
import { EditAdminUserDialog } from './edit-admin-user-dialog';

interface ColumnOptions {
  dialog: ResourceDialog<AdminUser>;
  currentUserId: string | null;
  canDelete: boolean;
}

function adminUserColumns({ dialog, currentUserId, canDelete }: ColumnOptions): ResourceColumn<AdminUser>[] {
  return [
    {
      header: 'Email',
      cellClassName: 'max-w-64 truncate font-medium',
      cell: (adminUser) => (
        <>
          {adminUser.userEmail || ADMIN_MESSAGES.unknownName}
          {adminUser.userId === currentUserId && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
        </>
      ),
    },
    { header: 'Role', cell: (adminUser) => <AdminRoleBadge role={adminUser.role} /> },
    {
      header: 'Status',
      cell: (adminUser) =>
        adminUser.isActive ? (
          <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
            Active
          </Badge>
        ) : (
          <Badge variant="secondary">Inactive</Badge>
        ),
    },
    { header: 'Created', cellClassName: 'text-muted-foreground', cell: (adminUser) => formatDate(adminUser.createdAt) },
    {
      header: 'Actions',
      headClassName: 'text-right',
      cellClassName: 'text-right',
      cell: (adminUser) => (
        <ResourceRowActions
          editLabel={`Edit ${adminUser.userEmail}`}
          onEdit={() => dialog.openFor('edit', adminUser)}
          deleteLabel={`Remove ${adminUser.userEmail}`}
          onDelete={canDelete ? () => dialog.openFor('delete', adminUser) : undefined}
        />
      ),
    },
  ];
}

/** Spec part 1 §2 "Admin User Management": the table with edit and delete. `canDelete` is true for system_admin. */
export function AdminUsersManager({ currentUserId, canDelete }: { currentUserId: string | null; canDelete: boolean }) {
  const query = useAdminUsers();
  const dialog = useResourceDialog<AdminUser>();
  const editing = dialog.itemFor('edit');
  const deleting = dialog.itemFor('delete');

  return (
    <>
      <ResourceCard
        icon={UserCogIcon}
        title="Admin users"
        description={query.data ? `${query.data.items.length} admin record${query.data.items.length === 1 ? '' : 's'}` : 'Staff with access to this console'}
        action={<ResourceRefreshButton query={query} label="Refresh admin users" />}
        contentClassName="px-0 sm:px-6"
      >
        <ResourceStates
          query={query}
          loading={<LoadingRows label="Loading admin users" rows={3} className="h-12" containerClassName="px-6 sm:px-0" />}
          loadFailedTitle="Admin users could not be loaded"
          alertClassName="px-6 sm:px-0"
        >
          {({ items }) => (
            <ResourceTable
              items={items}
              columns={adminUserColumns({ dialog, currentUserId, canDelete })}
              rowTestId="admin-user-row"
              emptyMessage={ADMIN_MESSAGES.noAdminUsers}
            />
          )}
        </ResourceStates>
      </ResourceCard>
      {editing && <EditAdminUserDialog key={editing.id} adminUser={editing} isSelf={editing.userId === currentUserId} onClose={dialog.close} />}
      {deleting && <DeleteAdminUserDialog adminUser={deleting} onClose={dialog.close} />}
    </>
  );
}
