import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminUser } from '@parley/shared/contracts/admin';
import { PencilIcon, RefreshCwIcon, Trash2Icon, UserCogIcon } from 'lucide-react';
import { useState } from 'react';
import { AdminRoleBadge } from '@/components/admin/admin-role-badge';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useAdminUsers } from '../api/get-admin-users';
import { DeleteAdminUserDialog } from './delete-admin-user-dialog';
import { EditAdminUserDialog } from './edit-admin-user-dialog';

/** Spec part 1 §2 "Admin User Management": the table with edit and delete. `canDelete` is true for system_admin. */
export function AdminUsersManager({ currentUserId, canDelete }: { currentUserId: string | null; canDelete: boolean }) {
  const query = useAdminUsers();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCogIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Admin users
        </CardTitle>
        <CardDescription>
          {query.data ? `${query.data.items.length} admin record${query.data.items.length === 1 ? '' : 's'}` : 'Staff with access to this console'}
        </CardDescription>
        <CardAction>
          <Button variant="ghost" size="icon" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label="Refresh admin users">
            <RefreshCwIcon className={query.isFetching ? 'animate-spin' : undefined} />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {query.isPending ? (
          <LoadingRows label="Loading admin users" rows={3} className="h-12" containerClassName="px-6 sm:px-0" />
        ) : query.isError ? (
          <div className="px-6 sm:px-0">
            <LoadErrorAlert query={query} title="Admin users could not be loaded" />
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                    {ADMIN_MESSAGES.noAdminUsers}
                  </TableCell>
                </TableRow>
              ) : (
                query.data.items.map((adminUser) => {
                  const isSelf = adminUser.userId === currentUserId;
                  return (
                    <TableRow key={adminUser.id} data-testid="admin-user-row">
                      <TableCell className="max-w-64 truncate font-medium">
                        {adminUser.userEmail || ADMIN_MESSAGES.unknownName}
                        {isSelf && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
                      </TableCell>
                      <TableCell>
                        <AdminRoleBadge role={adminUser.role} />
                      </TableCell>
                      <TableCell>
                        {adminUser.isActive ? (
                          <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
                            Active
                          </Badge>
                        ) : (
                          <Badge variant="secondary">Inactive</Badge>
                        )}
                      </TableCell>
                      <TableCell className="text-muted-foreground">{formatDate(adminUser.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          <Button variant="ghost" size="icon" onClick={() => setEditing(adminUser)} aria-label={`Edit ${adminUser.userEmail}`}>
                            <PencilIcon />
                          </Button>
                          {canDelete && (
                            <Button
                              variant="ghost"
                              size="icon"
                              className="text-destructive hover:text-destructive"
                              onClick={() => setDeleting(adminUser)}
                              aria-label={`Remove ${adminUser.userEmail}`}
                            >
                              <Trash2Icon />
                            </Button>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && <EditAdminUserDialog key={editing.id} adminUser={editing} isSelf={editing.userId === currentUserId} onClose={() => setEditing(null)} />}
      {deleting && <DeleteAdminUserDialog adminUser={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
