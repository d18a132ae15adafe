import type { AdminRole } from './access';

/** Spec part 1 §2: every admin path, its screen and the role it needs ('any' = any admin). */
export interface AdminRouteEntry {
  path: string;
  screen: string;
  role: AdminRole | 'any';
}

export const ADMIN_ROUTES: readonly AdminRouteEntry[] = [
  { path: '/admin', screen: 'Dashboard', role: 'any' },
  { path: '/admin/users', screen: 'User management', role: 'system_admin' },
  { path: '/admin/admin-users', screen: 'Admin users', role: 'system_admin' },
  { path: '/admin/system-configuration', screen: 'System configuration', role: 'system_admin' },
  { path: '/admin/n8n-integration', screen: 'Workflow integration', role: 'developer' },
  { path: '/admin/ai-agents', screen: 'Custom actions', role: 'developer' },
  { path: '/admin/templates', screen: 'Chatbot templates', role: 'system_admin' },
  { path: '/admin/behavior-templates', screen: 'Behavior templates', role: 'system_admin' },
  { path: '/admin/pricing', screen: 'Pricing', role: 'system_admin' },
  { path: '/admin/billing', screen: 'Payment-flow testing', role: 'system_admin' },
  { path: '/admin/architecture', screen: 'Architecture documentation', role: 'developer' },
  { path: '/admin/security', screen: 'Security center', role: 'system_admin' },
  { path: '/admin/security/audit', screen: 'Security audit', role: 'system_admin' },
  // The spec's route table: system_admin only (its sidebar table also names support; the route table decides what opens).
  { path: '/admin/referrals', screen: 'Referrals', role: 'system_admin' },
  { path: '/admin/referrals/settings', screen: 'Referral settings', role: 'system_admin' },
  { path: '/admin/activity', screen: 'Activity logs', role: 'system_admin' },
  { path: '/admin/token-packages', screen: 'Token packages', role: 'system_admin' },
  { path: '/admin/token-conversion', screen: 'Token conversion', role: 'system_admin' },
  { path: '/admin/tier-limits', screen: 'Tier limits', role: 'system_admin' },
  { path: '/admin/health', screen: 'Health monitoring', role: 'developer' },
  { path: '/admin/debug', screen: 'Debug console', role: 'any' },
  // E-mail content (confirmation and reset links) is for system admins only; the rest of the debug console is any admin's.
  { path: '/admin/debug/outbox', screen: 'E-mail outbox', role: 'system_admin' },
];

/** /launch-materials sits outside /admin but in the console (spec §2 sidebar: system_admin and developer). */
export const LAUNCH_MATERIALS_PATH = '/launch-materials';
export const LAUNCH_MATERIALS_ROLE: AdminRole = 'developer';

/** Paths that redirect (spec §2). Unknown paths under /admin go to /admin. */
export const ADMIN_REDIRECTS: Readonly<Record<string, string>> = {
  '/admin/system-api-keys': '/admin/system-configuration',
};

/** Spec §2 "Admin sidebar": the entries and who sees each. */
export interface AdminSidebarEntry {
  label: string;
  path: string;
  visibleTo: readonly AdminRole[];
}

const SYSTEM_ADMIN_ONLY: readonly AdminRole[] = ['system_admin'];
const DEVELOPERS: readonly AdminRole[] = ['developer', 'system_admin'];

export const ADMIN_SIDEBAR: readonly AdminSidebarEntry[] = [
  { label: 'Dashboard', path: '/admin', visibleTo: ['support', 'developer', 'system_admin'] },
  { label: 'Tier Limits', path: '/admin/tier-limits', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'User Management', path: '/admin/users', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Admin Users', path: '/admin/admin-users', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'System Configuration', path: '/admin/system-configuration', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Templates', path: '/admin/templates', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Pricing Management', path: '/admin/pricing', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Stripe Testing', path: '/admin/billing', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Security Center', path: '/admin/security', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Token Packages', path: '/admin/token-packages', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Token Conversion', path: '/admin/token-conversion', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'n8n Integration', path: '/admin/n8n-integration', visibleTo: DEVELOPERS },
  { label: 'Custom Actions', path: '/admin/ai-agents', visibleTo: DEVELOPERS },
  { label: 'Architecture', path: '/admin/architecture', visibleTo: DEVELOPERS },
  // The spec's sidebar table names support too, but its route table opens /admin/referrals to system_admin only: no
  // entry leads to a screen that refuses its reader.
  { label: 'Referrals', path: '/admin/referrals', visibleTo: SYSTEM_ADMIN_ONLY },
  { label: 'Launch Materials', path: '/launch-materials', visibleTo: ['system_admin', 'developer'] },
];

/** Visibility is by the listed roles exactly (spec table), not by role inheritance. */
export function sidebarFor(role: AdminRole | null): AdminSidebarEntry[] {
  return role ? ADMIN_SIDEBAR.filter((entry) => entry.visibleTo.includes(role)) : [];
}

/** Dashboard needs an exact match; other entries match their path or anything below it. */
export function isSidebarEntryActive(entry: AdminSidebarEntry, pathname: string): boolean {
  if (entry.path === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === entry.path || pathname.startsWith(entry.path + '/');
}

export function adminRouteFor(pathname: string): AdminRouteEntry | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/admin';
  return ADMIN_ROUTES.find((route) => route.path === clean);
}

/**
 * The admin role a console link needs (its path, query ignored), or null when any admin may open it or it is not an
 * admin screen (the customer dashboard). Screens that list links for several roles (Launch Materials) use it to show a
 * link only to those who can follow it.
 */
export function roleNeededFor(href: string): AdminRole | null {
  const route = adminRouteFor(href.split(/[?#]/)[0] ?? href);
  return route && route.role !== 'any' ? route.role : null;
}
