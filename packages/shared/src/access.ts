/**
 * Roles and who may call what (spec part 1 §2, §4, §6). One place, read by the
 * server's guard, the route-matrix test and the web sidebar alike.
 */

export const ADMIN_ROLES = ['system_admin', 'developer', 'support', 'template_manager'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  system_admin: 'System Admin',
  developer: 'Developer',
  support: 'Support',
  template_manager: 'Template Manager',
};

/** Badge colours in the order of the spec: red, blue, green, gray. */
export const ADMIN_ROLE_COLORS: Record<AdminRole, 'red' | 'blue' | 'green' | 'gray'> = {
  system_admin: 'red',
  developer: 'blue',
  support: 'green',
  template_manager: 'gray',
};

/**
 * Who may call a route: anyone, any signed-in user, a caller with a customer API key
 * (`Authorization: Bearer pk_…`, checked by the route), any active admin, or an admin
 * holding a role (checked with hasAdminRole).
 */
export const ROUTE_ACCESS = ['public', 'user', 'api_key', 'admin', ...ADMIN_ROLES] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** The legacy value 'admin' is system_admin; anything else unknown is not a role. */
export function parseAdminRole(value: string): AdminRole | null {
  if (value === 'admin') return 'system_admin';
  return (ADMIN_ROLES as readonly string[]).includes(value) ? (value as AdminRole) : null;
}

/** For display of a stored value that is not a known role (spec §4: falls back to support). */
export function adminRoleOrSupport(value: string): AdminRole {
  return parseAdminRole(value) ?? 'support';
}

/** system_admin passes every check; developer passes developer and support; support passes support. */
export function hasAdminRole(held: AdminRole | null | undefined, required: AdminRole): boolean {
  if (!held) return false;
  if (held === 'system_admin') return true;
  if (held === 'developer') return required === 'developer' || required === 'support';
  return held === required;
}

export const invalidAdminRoleMessage = (role: string) => `Invalid admin role: ${role}`;
export const insufficientRoleMessage = (role: AdminRole) => `You need ${role} role to access this feature.`;
export const NOT_ADMIN_MESSAGE = "You don't have administrative privileges to access this area.";

/**
 * Roles inside a customer's organization (owner: billing and deletion; admin: everything else;
 * member: chatbots and the inbox). Each role passes the checks of the roles below it.
 */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
const ORGANIZATION_RANK: Record<OrganizationRole, number> = { owner: 3, admin: 2, member: 1 };

export function hasOrganizationRole(held: OrganizationRole | null | undefined, required: OrganizationRole): boolean {
  return !!held && ORGANIZATION_RANK[held] >= ORGANIZATION_RANK[required];
}

/**
 * What each role may do inside an organization: one capability, the least role that holds it and what it means to a
 * person. The server's routes declare a capability (`config.permission`) and the guard requires its role; the web
 * app hides or disables controls with `can(role, capability)`; the invitation dialog and the Team page show this
 * table as it is. See docs/decisions/0019-organizations-teams-and-roles.md.
 */
export const ORGANIZATION_PERMISSIONS = {
  'organization.view': { role: 'member', label: 'See the organization and its members' },
  'organization.leave': { role: 'member', label: 'Leave the organization' },
  'chatbots.view': { role: 'member', label: 'See the chatbots, their settings, training data and embed code' },
  'chatbots.test': { role: 'member', label: 'Talk to a chatbot in the test chat (drafts included)' },
  'inbox.use': { role: 'member', label: 'Answer visitors in the inbox (handoffs)' },
  'analytics.view': { role: 'member', label: 'Read analytics and usage, export reports as CSV' },
  'chatbots.create': { role: 'admin', label: 'Create chatbots' },
  'chatbots.edit': { role: 'admin', label: 'Edit chatbots (settings, appearance, publishing, re-embedding)' },
  'chatbots.delete': { role: 'admin', label: 'Delete chatbots' },
  'sources.manage': { role: 'admin', label: 'Add, reprocess and delete training data' },
  'chatbots.evaluate': { role: 'admin', label: 'Retrieval testing and evaluation sets' },
  'analytics.schedule': { role: 'admin', label: 'Schedule e-mailed analytics reports' },
  'apiKeys.manage': { role: 'admin', label: 'Create and revoke API keys' },
  'webhooks.manage': { role: 'admin', label: 'Manage webhooks' },
  'team.manage': { role: 'admin', label: 'Invite people, change roles (not the owner’s), remove members' },
  'organization.settings': { role: 'admin', label: 'Rename the organization' },
  'organization.export': { role: 'admin', label: 'Export all of the organization’s data' },
  'billing.view': { role: 'admin', label: 'See the subscription, invoices and token balance' },
  'billing.manage': { role: 'owner', label: 'Change the plan, buy tokens, manage payment' },
  'organization.transfer': { role: 'owner', label: 'Transfer ownership' },
  'organization.delete': { role: 'owner', label: 'Delete the organization' },
} as const satisfies Record<string, { role: OrganizationRole; label: string }>;
export type OrganizationPermission = keyof typeof ORGANIZATION_PERMISSIONS;
export const ORGANIZATION_PERMISSION_KEYS = Object.keys(ORGANIZATION_PERMISSIONS) as OrganizationPermission[];

/** The least role a capability needs. */
export const permissionRole = (permission: OrganizationPermission): OrganizationRole => ORGANIZATION_PERMISSIONS[permission].role;

/** Whether a role (or no role: not a member) may do something in the organization. */
export function can(role: OrganizationRole | null | undefined, permission: OrganizationPermission): boolean {
  return hasOrganizationRole(role, permissionRole(permission));
}

export const insufficientOrganizationRoleMessage = (required: OrganizationRole) =>
  required === 'owner' ? 'Only the owner of this organization can do this.' : 'Only owners and admins of this organization can do this.';
export const NOT_ORGANIZATION_MEMBER_MESSAGE = 'You are not a member of this organization.';
export const NO_ORGANIZATION_MESSAGE = 'You are not a member of any organization.';

/** The header (and, for links and downloads, the cookie) that names the organization a request acts in. */
export const ORGANIZATION_HEADER = 'x-organization-id';
export const ORGANIZATION_COOKIE = 'parley_org';
