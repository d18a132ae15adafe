import { can, type OrganizationRole } from '@parley/shared/access';
import type { Member } from '@parley/shared/contracts/organizations';

/**
 * What the current user may do to a member, mirroring the server's rules (the server refuses anyway): admins and the
 * owner manage the team; nobody changes their own role or the owner's; only the owner demotes or removes an admin.
 */
export function memberActions(myRole: OrganizationRole, member: Pick<Member, 'role' | 'isYou'>, { isPersonal }: { isPersonal: boolean }) {
  const manages = can(myRole, 'team.manage') && !member.isYou && member.role !== 'owner';
  const ownerOnlyTarget = member.role === 'admin' && myRole !== 'owner';
  return {
    canMakeAdmin: manages && member.role === 'member',
    canMakeMember: manages && member.role === 'admin' && !ownerOnlyTarget,
    canRemove: manages && !ownerOnlyTarget,
    canMakeOwner: myRole === 'owner' && !member.isYou && !isPersonal,
  };
}

export function hasAnyMemberAction(actions: ReturnType<typeof memberActions>): boolean {
  return actions.canMakeAdmin || actions.canMakeMember || actions.canRemove || actions.canMakeOwner;
}

/** The roles an inviter may hand out: admins and the owner invite admins and members. */
export const INVITABLE_ROLES = ['member', 'admin'] as const;
