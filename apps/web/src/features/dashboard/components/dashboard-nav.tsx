import { BotIcon, CreditCardIcon, GemIcon, InboxIcon, KeyRoundIcon, LayoutDashboardIcon, SettingsIcon, type LucideIcon } from 'lucide-react';
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
}

const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboardIcon, end: true },
  { label: 'Chatbots', to: paths.chatbots, icon: BotIcon },
  { label: 'Inbox', to: paths.inbox, icon: InboxIcon },
  { label: 'API Keys', to: paths.apiKeys, icon: KeyRoundIcon },
  { label: 'Settings', to: paths.settings, icon: SettingsIcon },
  { label: 'Billing', to: paths.billing, icon: CreditCardIcon },
  { label: 'Subscription', to: paths.subscription, icon: GemIcon },
];

interface DashboardNavProps {
  /** Lets the mobile drawer close itself. */
  onNavigate?: () => void;
  /**
   * Something to show at the end of a link, by its path (the inbox's unread count). The layout passes them in
   * because this feature does not import the others.
   */
  badges?: Readonly<Partial<Record<string, ReactNode>>>;
}

/** The customer sidebar's links. */
export function DashboardNav({ onNavigate, badges }: DashboardNavProps) {
  return (
    <nav aria-label="Dashboard" className="grid gap-1">
      {NAV_ITEMS.map(({ label, to, icon: Icon, end }) => (
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
