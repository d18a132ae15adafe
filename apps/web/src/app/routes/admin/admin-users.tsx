import { PageHeader } from '@/components/layout/page-header';
import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { AddAdminUserDialog } from '@/features/admin-users/components/add-admin-user-dialog';
import { AdminUsersManager } from '@/features/admin-users/components/admin-users-manager';
import { useAuth } from '@/features/auth/hooks/use-auth';

export default function AdminUsersRoute() {
  const { user } = useAuth();
  const { hasRole } = useAdminAuth();
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Admin Users · Parley admin</title>
      <PageHeader title="Admin Users" description="Who may use this console, and with which role." actions={<AddAdminUserDialog />} />
      <AdminUsersManager currentUserId={user?.id ?? null} canDelete={hasRole('system_admin')} />
    </div>
  );
}
