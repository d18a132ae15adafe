import type { MembershipEvent } from '@parley/shared/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { describeMembershipEvent } from './activity-text';

const event = (action: string, subject: string, details: Record<string, string> = {}): MembershipEvent => ({
  id: '00000000-0000-4000-8000-000000000000',
  action,
  actorName: 'Ada Lovelace',
  subject,
  details,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('describeMembershipEvent', () => {
  it('says who did what to whom', () => {
    expect(describeMembershipEvent(event('invitation_sent', 'grace@example.com', { role: 'admin' }))).toBe('Ada Lovelace invited grace@example.com as admin');
    expect(describeMembershipEvent(event('member_role_changed', 'grace@example.com', { from: 'member', to: 'admin' }))).toBe(
      'Ada Lovelace changed grace@example.com from member to admin',
    );
    expect(describeMembershipEvent(event('member_joined', 'grace@example.com', { role: 'member' }))).toBe('grace@example.com joined as member');
    expect(describeMembershipEvent(event('ownership_transferred', 'grace@example.com'))).toBe('Ada Lovelace made grace@example.com the owner');
  });

  it('still says something for an action it does not know', () => {
    expect(describeMembershipEvent(event('something_new', 'x'))).toBe('Ada Lovelace: something new x');
  });
});
