import { ADMIN_ROLE_LABELS } from '@parley/shared/access';
import { CLIENT_APPLICATION_NAME, CLIENT_VERSION } from '@parley/shared/constants';
import { LayoutDashboardIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RawDebugInfo } from '@/features/debug-console/components/raw-debug-info';
import { StatusCard, YesNo } from '@/features/debug-console/components/status-card';
import { TestAdminForm } from '@/features/debug-console/components/test-admin-form';
import { OutboxLinkCard } from '@/features/email-outbox/components/outbox-link-card';

export default function DebugConsoleRoute() {
  const auth = useAuth();
  const admin = useAdminAuth();
  const navigate = useNavigate();
  const isLoading = auth.status === 'loading';

  const debugInfo = {
    collectedAt: new Date().toISOString(),
    client: { name: CLIENT_APPLICATION_NAME, version: CLIENT_VERSION, userAgent: navigator.userAgent, path: window.location.pathname },
    auth: {
      status: auth.status,
      userId: auth.user?.id ?? null,
      email: auth.user?.email ?? null,
      emailVerified: auth.user?.emailVerified ?? null,
      sessionExpiresAt: auth.me?.session.expiresAt ?? null,
      organizations: auth.me?.organizations.map((organization) => ({ slug: organization.slug, role: organization.role })) ?? [],
      error: auth.error?.message ?? null,
    },
    admin: {
      isLoading: admin.isLoading,
      serverAnswer: admin.adminMe ?? null,
      hasSystemAdmin: admin.hasRole('system_admin'),
      hasDeveloper: admin.hasRole('developer'),
      hasSupport: admin.hasRole('support'),
      error: admin.error?.message ?? null,
    },
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Debug Console · Parley admin</title>
      <PageHeader
        title="Debug Console"
        description="What this browser and the server say about your session and your admin rights."
        actions={
          <Button onClick={() => void navigate(paths.admin)}>
            <LayoutDashboardIcon />
            Try Admin Dashboard
          </Button>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <StatusCard
          title="Authentication status"
          icon={UserIcon}
          rows={[
            { label: 'Loading', value: isLoading ? 'Yes' : 'No' },
            { label: 'User', value: auth.user?.email ?? <span className="text-muted-foreground">None</span> },
            { label: 'Session', value: auth.me ? `Active until ${new Date(auth.me.session.expiresAt).toLocaleString()}` : 'None' },
            { label: 'User ID', value: <span className="font-mono text-xs">{auth.user?.id ?? '—'}</span> },
          ]}
        />
        <StatusCard
          title="Admin authorization status"
          icon={ShieldIcon}
          rows={[
            { label: 'Loading', value: admin.isLoading ? 'Yes' : 'No' },
            { label: 'Is admin', value: <YesNo value={admin.adminMe ? admin.isAdmin : null} /> },
            { label: 'Role', value: admin.role ? ADMIN_ROLE_LABELS[admin.role] : '—' },
            { label: 'Active', value: <YesNo value={admin.adminMe ? admin.adminMe.isActive : null} /> },
            { label: 'Has system admin', value: <YesNo value={admin.adminMe ? admin.hasRole('system_admin') : null} /> },
            { label: 'Has developer', value: <YesNo value={admin.adminMe ? admin.hasRole('developer') : null} /> },
          ]}
        />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TestAdminForm
          onSignedIn={async () => {
            await auth.refresh();
            await admin.refetch();
          }}
        />
        <RawDebugInfo data={debugInfo} />
      </div>
      <OutboxLinkCard to={paths.adminEmailOutbox} canOpen={admin.hasRole('system_admin')} />
    </div>
  );
}
