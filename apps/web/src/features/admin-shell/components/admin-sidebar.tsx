import type { AdminRole } from '@parley/shared/access';
import { isSidebarEntryActive, sidebarFor } from '@parley/shared/admin-routes';
import {
  BotIcon,
  BookOpenIcon,
  CoinsIcon,
  CreditCardIcon,
  DollarSignIcon,
  GaugeIcon,
  GiftIcon,
  LayoutDashboardIcon,
  LayoutTemplateIcon,
  NetworkIcon,
  PackageIcon,
  RocketIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UserCogIcon,
  UsersIcon,
  WorkflowIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { AdminRoleBadge } from '@/components/admin/admin-role-badge';
import { LogoMark } from '@/components/brand/logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';

const ICONS: Record<string, LucideIcon> = {
  '/admin': LayoutDashboardIcon,
  '/admin/tier-limits': GaugeIcon,
  '/admin/users': UsersIcon,
  '/admin/admin-users': UserCogIcon,
  '/admin/system-configuration': SettingsIcon,
  '/admin/templates': LayoutTemplateIcon,
  '/admin/pricing': DollarSignIcon,
  '/admin/billing': CreditCardIcon,
  '/admin/security': ShieldCheckIcon,
  '/admin/token-packages': PackageIcon,
  '/admin/token-conversion': CoinsIcon,
  '/admin/n8n-integration': WorkflowIcon,
  '/admin/ai-agents': BotIcon,
  '/admin/architecture': NetworkIcon,
  '/admin/referrals': GiftIcon,
  '/launch-materials': RocketIcon,
};

/** Spec part 1 §2 "Admin sidebar": the entries the role may see, the current one highlighted, the role in the header. */
export function AdminSidebar({ role }: { role: AdminRole }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const entries = sidebarFor(role);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar>
      <SidebarHeader className="gap-3 p-3 group-data-[collapsible=icon]:p-2">
        <Link to="/admin" onClick={closeOnMobile} className="flex items-center gap-2 overflow-hidden rounded-md" aria-label="Admin dashboard">
          <LogoMark className="size-8" />
          <span className="grid leading-tight group-data-[collapsible=icon]:hidden">
            <span className="text-sm font-semibold">Parley</span>
            <span className="text-xs text-muted-foreground">Admin console</span>
          </span>
        </Link>
        <div className="group-data-[collapsible=icon]:hidden" data-testid="sidebar-role">
          <AdminRoleBadge role={role} />
        </div>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Administration</SidebarGroupLabel>
          <SidebarGroupContent>
            <SidebarMenu aria-label="Admin sections" data-testid="admin-sidebar-menu">
              {entries.map((entry) => {
                const Icon = ICONS[entry.path] ?? BookOpenIcon;
                const isActive = isSidebarEntryActive(entry, pathname);
                return (
                  <SidebarMenuItem key={entry.path}>
                    <SidebarMenuButton asChild isActive={isActive} tooltip={entry.label}>
                      <Link to={entry.path} onClick={closeOnMobile}>
                        <Icon className={isActive ? 'text-brand' : undefined} aria-hidden="true" />
                        <span>{entry.label}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter className="group-data-[collapsible=icon]:hidden">
        <p className="px-2 pb-1 text-[11px] leading-snug text-muted-foreground">
          <kbd className="rounded border bg-background px-1 font-mono">Ctrl</kbd> + <kbd className="rounded border bg-background px-1 font-mono">B</kbd> toggles
          the sidebar
        </p>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
