import { MenuIcon, ShieldIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useAdminMe } from '@/features/admin-auth/api/get-admin-me';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DashboardNav } from '@/features/dashboard/components/dashboard-nav';
import { InboxNavBadge } from '@/features/handoffs/components/inbox-nav-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { OrganizationSwitcher } from '@/features/organizations/components/organization-switcher';
import { forgetPendingInvitation, invitePath, readPendingInvitation } from '@/features/organizations/utils/pending-invitation';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

/** The organization card at the bottom of the sidebar: which organization the dashboard acts in, and the switch. */
function OrganizationMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { me, organization, refresh, switchOrganization } = useAuth();
  const navigate = useNavigate();
  if (!me || !organization) return null;
  const switchTo = (organizationId: string) => {
    onNavigate?.();
    switchOrganization(organizationId);
    // The page on screen belonged to the previous organization: start again from its dashboard.
    void navigate(paths.dashboard);
  };
  return (
    <OrganizationSwitcher
      organizations={me.organizations}
      current={organization}
      onSwitch={switchTo}
      onCreated={async (created) => {
        await refresh();
        switchTo(created.id);
      }}
    />
  );
}

/** An invitation link opened while signed out is taken up again once the user is in (lib: pending-invitation). */
function usePendingInvitationRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const token = readPendingInvitation();
    if (!token) return;
    forgetPendingInvitation();
    void navigate(invitePath(token), { replace: true });
  }, [navigate]);
}

/** Counts beside the nav's links; the features that own them render them. */
const NAV_BADGES = { [paths.inbox]: <InboxNavBadge /> };

function SidebarContents({ onNavigate }: { onNavigate?: () => void }) {
  const { organization } = useAuth();
  return (
    <>
      <div className="flex h-14 items-center px-4">
        <Link to={paths.dashboard} onClick={onNavigate} aria-label="Parley dashboard">
          <Logo />
        </Link>
      </div>
      <Separator />
      <div className="flex-1 overflow-y-auto p-3">
        <DashboardNav onNavigate={onNavigate} badges={NAV_BADGES} role={organization?.role ?? null} />
      </div>
      <div className="p-3">
        <OrganizationMenu onNavigate={onNavigate} />
      </div>
    </>
  );
}

/** Staff reach the admin console from their user menu. */
function AdminConsoleItem() {
  const { data } = useAdminMe();
  if (!data?.isAdmin || !data.isActive) return null;
  return (
    <DropdownMenuItem asChild>
      <Link to={paths.admin}>
        <ShieldIcon />
        Admin Console
      </Link>
    </DropdownMenuItem>
  );
}

function SignedInShell() {
  usePendingInvitationRedirect();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="min-h-svh bg-muted/30">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r bg-sidebar md:flex">
        <SidebarContents />
      </aside>
      <div className="flex min-h-svh flex-col md:pl-64">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/80 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6">
          <Sheet open={isMenuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="-ml-2 md:hidden" aria-label="Open navigation">
                <MenuIcon />
              </Button>
            </SheetTrigger>
            <SheetContent className="gap-0 bg-sidebar p-0">
              <SheetTitle className="sr-only">Navigation</SheetTitle>
              <SheetDescription className="sr-only">Pages of your Parley dashboard</SheetDescription>
              <SidebarContents onNavigate={closeMenu} />
            </SheetContent>
          </Sheet>
          <Link to={paths.dashboard} className="md:hidden" aria-label="Parley dashboard">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <NotificationBell />
            <UserMenu extraItems={<AdminConsoleItem />} />
          </div>
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}

/** The customer area under /dashboard: signed-in users only. */
export default function DashboardLayout() {
  return (
    <RequireAuth>
      <SignedInShell />
    </RequireAuth>
  );
}
