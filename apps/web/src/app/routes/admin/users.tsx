import { PageHeader } from '@/components/layout/page-header';
import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SendMessageDialog } from '@/features/notifications/components/send-message-dialog';
import { UserStatsCards } from '@/features/users/components/user-stats-cards';
import { UsersManager } from '@/features/users/components/users-manager';

export default function UserManagementRoute() {
  const { user } = useAuth();
  const { hasRole } = useAdminAuth();
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>User Management · Parley admin</title>
      {/* Spec §6: the Send Message button is offered to system_admin or support. */}
      <PageHeader
        title="User Management"
        description="Find customers, see their status, deactivate or reactivate accounts and send them messages."
        actions={hasRole('support') && <SendMessageDialog />}
      />
      <UserStatsCards />
      <UsersManager currentUserId={user?.id ?? null} />
    </div>
  );
}
