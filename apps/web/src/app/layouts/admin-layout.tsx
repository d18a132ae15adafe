import { hasAdminRole, type AdminRole } from '@parley/shared/access';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { ArrowLeftIcon, LogOutIcon, NetworkIcon, ActivityIcon, RotateCwIcon } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { Button } from '@/components/ui/button';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { AccessDenied } from '@/features/admin-auth/components/access-denied';
import { AdminAuthProvider } from '@/features/admin-auth/components/admin-auth-provider';
import { InsufficientPermissions } from '@/features/admin-auth/components/insufficient-permissions';
import { useAdminAuth } from '@/features/admin-auth/hooks/use-admin-auth';
import { logAdminActivity } from '@/features/admin-auth/api/log-admin-activity';
import { decideAdminAccess } from '@/features/admin-auth/utils/admin-access';
import { AdminHeader } from '@/features/admin-shell/components/admin-header';
import { AdminSidebar } from '@/features/admin-shell/components/admin-sidebar';
import { AdminSplash } from '@/features/admin-shell/components/admin-splash';
import { AdminUserMenu } from '@/features/admin-shell/components/admin-user-menu';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { displayName, initials } from '@/features/auth/utils/user-display';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

function HeaderLink({ to, label, icon: Icon }: { to: string; label: string; icon: typeof NetworkIcon }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" className="hidden sm:inline-flex">
          <Link to={to} aria-label={label}>
            <Icon />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** Spec part 1 §2: Sign out records admin_logout, confirms with a toast and goes to /. */
function useAdminSignOut() {
  const { signOut } = useAuth();
  return useCallback(async () => {
    await logAdminActivity({ action: 'admin_logout', resourceType: 'admin_panel' });
    await signOut({ redirectTo: paths.home });
  }, [signOut]);
}

function AdminShell({ role, children }: { role: AdminRole; children: ReactNode }) {
  const { user, isSigningOut } = useAuth();
  const signOut = useAdminSignOut();
  const isDeveloper = hasAdminRole(role, 'developer');

  return (
    <SidebarProvider>
      <AdminSidebar role={role} />
      <SidebarInset>
        <AdminHeader
          actions={
            <>
              {isDeveloper && <HeaderLink to={paths.adminArchitecture} label="Architecture" icon={NetworkIcon} />}
              {isDeveloper && <HeaderLink to={paths.adminHealth} label="Health metrics" icon={ActivityIcon} />}
              <ThemeToggle />
              <NotificationBell />
              {user && (
                <AdminUserMenu
                  name={displayName(user)}
                  email={user.email}
                  initials={initials(user)}
                  avatarUrl={user.avatarUrl}
                  role={role}
                  isSigningOut={isSigningOut}
                  onSignOut={() => void signOut()}
                />
              )}
            </>
          }
        />
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-7xl min-w-0">{children}</div>
        </main>
      </SidebarInset>
      <AdminSplash />
    </SidebarProvider>
  );
}

function DeniedPage() {
  const { signOut, isSigningOut, status, error, refresh } = useAuth();
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="flex h-14 items-center justify-between border-b bg-background px-4">
        <Link to={paths.home} aria-label="Parley home">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <AccessDenied
          isSignedIn
          sessionError={status === 'error' ? error : null}
          actions={
            <>
              {status === 'error' && (
                <Button onClick={() => void refresh().catch(() => undefined)}>
                  <RotateCwIcon />
                  Try Again
                </Button>
              )}
              <Button asChild variant="outline">
                <Link to={paths.dashboard}>
                  <ArrowLeftIcon />
                  Back to App
                </Link>
              </Button>
              <Button variant="ghost" onClick={() => void signOut()} disabled={isSigningOut}>
                <LogOutIcon />
                Sign out
              </Button>
            </>
          }
        />
      </main>
    </div>
  );
}

/** Spec part 1 §4 "Admin guard", then the console's shell around the page. */
function AdminGate() {
  const { status } = useAuth();
  const admin = useAdminAuth();
  const location = useLocation();
  // Signing out navigates away first (to a lazily loaded page); while that loads, this gate must not redirect too.
  const leaving = useNavigation().state !== 'idle';
  const access = decideAdminAccess({
    authStatus: status,
    admin: admin.adminMe,
    adminFailed: admin.error !== null && admin.adminMe === undefined,
    pathname: location.pathname,
  });

  switch (access.kind) {
    case 'loading':
      return <FullPageSpinner label={ADMIN_MESSAGES.verifying} />;
    case 'signed-out':
      if (leaving) return <FullPageSpinner />;
      return <Navigate to={paths.auth} replace state={{ from: `${location.pathname}${location.search}` }} />;
    case 'denied':
      return <DeniedPage />;
    case 'insufficient':
      return (
        <AdminShell role={admin.role ?? 'support'}>
          <InsufficientPermissions
            required={access.required}
            pathname={location.pathname}
            actions={
              <Button asChild variant="outline">
                <Link to={paths.admin}>Back to the admin dashboard</Link>
              </Button>
            }
          />
        </AdminShell>
      );
    case 'granted':
      return (
        <AdminShell role={access.role}>
          <Outlet />
        </AdminShell>
      );
  }
}

/** Everything under /admin (and /launch-materials, reached from the admin sidebar). */
export default function AdminLayout() {
  const { status } = useAuth();
  return (
    <AdminAuthProvider enabled={status === 'signed-in'}>
      <AdminGate />
    </AdminAuthProvider>
  );
}
