import { hasOrganizationRole, type OrganizationRole } from '@parley/shared/access';
import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/layout/empty-state';

const WHO: Record<OrganizationRole, string> = {
  owner: 'the owner',
  admin: 'owners and admins',
  member: 'members',
};

/**
 * A screen for a role: others see why they cannot use it (the server refuses their calls anyway). `what` names the
 * screen: "Billing", "API keys".
 */
export function OrganizationRoleGate({
  role,
  required,
  what,
  organizationName,
  isPlural = false,
  children,
}: {
  role: OrganizationRole | null;
  required: OrganizationRole;
  what: string;
  organizationName: string | null;
  /** "API keys are …" rather than "Billing is …". */
  isPlural?: boolean;
  children: ReactNode;
}) {
  if (role && hasOrganizationRole(role, required)) return children;
  return (
    <EmptyState
      icon={LockIcon}
      title={`${what} ${isPlural ? 'are' : 'is'} for ${WHO[required]} of this organization`}
      description={
        <>
          You are {role === 'admin' ? 'an admin' : 'a member'} of {organizationName ?? 'this organization'}. Only {WHO[required]} can use this page. Ask{' '}
          {required === 'owner' ? 'the owner' : 'an owner or admin'} if you need something here.
        </>
      }
    />
  );
}
