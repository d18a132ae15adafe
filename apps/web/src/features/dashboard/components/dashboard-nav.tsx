import { can, type OrganizationPermission, type OrganizationRole } from '@parley/shared/access';
import {
  BotIcon,
  CreditCardIcon,
  GemIcon,
  GiftIcon,
  InboxIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  SettingsIcon,
  UsersIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Match only this exact path (the dashboard home would otherwise be active everywhere). */
  end?: boolean;
  /** What the page is for, from the shared table of roles: the link shows to roles that may (the server refuses the others anyway). */
  permission: OrganizationPermission;
}

const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboardIcon, end: true, permission: 'organization.view' },
  { label: 'Chatbots', to: paths.chatbots, icon: BotIcon, permission: 'chatbots.view' },
  { label: 'Inbox', to: paths.inbox, icon: InboxIcon, permission: 'inbox.use' },
  { label: 'Team', to: paths.team, icon: UsersIcon, permission: 'organization.view' },
  { label: 'API Keys', to: paths.apiKeys, icon: KeyRoundIcon, permission: 'apiKeys.manage' },
  { label: 'Webhooks', to: paths.webhooks, icon: WebhookIcon, permission: 'webhooks.manage' },
  { label: 'Settings', to: paths.settings, icon: SettingsIcon, permission: 'organization.view' },
  { label: 'Billing', to: paths.billing, icon: CreditCardIcon, permission: 'billing.view' },
  { label: 'Subscription', to: paths.subscription, icon: GemIcon, permission: 'billing.view' },
  { label: 'Referrals', to: paths.referrals, icon: GiftIcon, permission: 'organization.view' },
];

interface DashboardNavProps {
  /** Lets the mobile drawer close itself. */
  onNavigate?: () => void;
  /**
   * Something to show at the end of a link, by its path (the inbox's unread count). The layout passes them in
   * because this feature does not import the others.
   */
  badges?: Readonly<Partial<Record<string, ReactNode>>>;
  /** The user's role in the organization the dashboard acts in: links to pages of a higher role are left out. */
  role: OrganizationRole | null;
}

/** The customer sidebar's links, those of the user's role in the current organization. */
export function DashboardNav({ onNavigate, badges, role }: DashboardNavProps) {
  return (
    <nav aria-label="Dashboard" className="grid gap-1">
      {NAV_ITEMS.filter((item) => can(role, item.permission)).map(({ label, to, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/75 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
              isActive && 'bg-sidebar-accent text-sidebar-accent-foreground shadow-xs',
            )
          }
        >
          {({ isActive }) => (
            <>
              <Icon className={cn('size-4', isActive ? 'text-brand' : 'text-muted-foreground')} aria-hidden="true" />
              {label}
              {badges?.[to]}
            </>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
