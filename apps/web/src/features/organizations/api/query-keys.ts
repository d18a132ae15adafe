/**
 * Every query of this feature starts with the root and names the organization it was asked in, so an answer of one
 * organization is never shown for another (the dashboard also drops the cache when the organization changes).
 */
export const ORGANIZATION_QUERY_ROOT = ['organization'] as const;

export const organizationQueryKeys = {
  current: (organizationId: string | null) => [...ORGANIZATION_QUERY_ROOT, organizationId, 'current'] as const,
  members: (organizationId: string | null) => [...ORGANIZATION_QUERY_ROOT, organizationId, 'members'] as const,
  invitations: (organizationId: string | null) => [...ORGANIZATION_QUERY_ROOT, organizationId, 'invitations'] as const,
  activity: (organizationId: string | null) => [...ORGANIZATION_QUERY_ROOT, organizationId, 'activity'] as const,
};
