import { describe, expect, it } from 'vitest';
import { hasAnyMemberAction, memberActions } from './team-permissions';

const team = { isPersonal: false };

describe('memberActions', () => {
  it('lets the owner promote, demote, remove and hand over to anyone else', () => {
    expect(memberActions('owner', { role: 'admin', isYou: false }, team)).toEqual({
      canMakeAdmin: false,
      canMakeMember: true,
      canRemove: true,
      canMakeOwner: true,
    });
    expect(memberActions('owner', { role: 'member', isYou: false }, team)).toEqual({
      canMakeAdmin: true,
      canMakeMember: false,
      canRemove: true,
      canMakeOwner: true,
    });
  });

  it('lets an admin promote and remove members but not touch other admins or the owner', () => {
    expect(memberActions('admin', { role: 'member', isYou: false }, team)).toEqual({
      canMakeAdmin: true,
      canMakeMember: false,
      canRemove: true,
      canMakeOwner: false,
    });
    expect(hasAnyMemberAction(memberActions('admin', { role: 'admin', isYou: false }, team))).toBe(false);
    expect(hasAnyMemberAction(memberActions('admin', { role: 'owner', isYou: false }, team))).toBe(false);
  });

  it('gives a member and anyone looking at themselves nothing to do', () => {
    expect(hasAnyMemberAction(memberActions('member', { role: 'member', isYou: false }, team))).toBe(false);
    expect(hasAnyMemberAction(memberActions('owner', { role: 'owner', isYou: true }, team))).toBe(false);
    expect(hasAnyMemberAction(memberActions('admin', { role: 'admin', isYou: true }, team))).toBe(false);
  });

  it('never offers to hand over a personal workspace', () => {
    expect(memberActions('owner', { role: 'member', isYou: false }, { isPersonal: true }).canMakeOwner).toBe(false);
  });
});
