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

export const insufficientOrganizationRoleMessage = (required: OrganizationRole) =>
  required === 'owner' ? 'Only the owner of this organization can do this.' : 'Only owners and admins of this organization can do this.';
export const NOT_ORGANIZATION_MEMBER_MESSAGE = 'You are not a member of this organization.';
export const NO_ORGANIZATION_MESSAGE = 'You are not a member of any organization.';

/** The header (and, for links and downloads, the cookie) that names the organization a request acts in. */
export const ORGANIZATION_HEADER = 'x-organization-id';
export const ORGANIZATION_COOKIE = 'parley_org';
