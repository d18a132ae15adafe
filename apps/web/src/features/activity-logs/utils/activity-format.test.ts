import { describe, expect, it } from 'vitest';
import { actionBadgeVariant, describeDetails, idPrefix, truncateDetails } from './activity-format';

describe('activity log formatting', () => {
  it('styles the action badge by its wording', () => {
    expect(actionBadgeVariant('admin_user_created')).toBe('default');
    expect(actionBadgeVariant('member_added')).toBe('default');
    expect(actionBadgeVariant('admin_user_updated')).toBe('secondary');
    expect(actionBadgeVariant('settings_modified')).toBe('secondary');
    expect(actionBadgeVariant('admin_user_deleted')).toBe('destructive');
    expect(actionBadgeVariant('token_removed')).toBe('destructive');
    expect(actionBadgeVariant('admin_login')).toBe('outline');
    expect(actionBadgeVariant('oauth_linked')).toBe('outline');
    expect(actionBadgeVariant('user_viewed')).toBe('outline');
    expect(actionBadgeVariant('address_changed')).toBe('outline');
    expect(actionBadgeVariant('userCreated')).toBe('default');
    expect(actionBadgeVariant('user_deactivated')).toBe('outline');
  });

  it('shows details without the user agent and cuts them at 50 characters', () => {
    const details = { role: 'support', sessions_ended: 2, user_agent: 'Mozilla/5.0', nested: { a: 1 } };
    expect(describeDetails(details)).toBe('role: support, sessions_ended: 2, nested: {"a":1}');
    expect(describeDetails({ user_agent: 'x' })).toBe('');
    const long = 'x'.repeat(60);
    expect(truncateDetails(long)).toBe(`${'x'.repeat(50)}…`);
    expect(truncateDetails('short')).toBe('short');
  });

  it('keeps the first 8 characters of ids, or nothing', () => {
    expect(idPrefix('0b8f3c2e-1111-4222-8333-444455556666')).toBe('0b8f3c2e');
    expect(idPrefix(null)).toBeNull();
  });
});
