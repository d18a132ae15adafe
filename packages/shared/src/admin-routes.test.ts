import { describe, expect, it } from 'vitest';
import { roleNeededFor } from './admin-routes';

describe('roleNeededFor', () => {
  it('names the role a console link needs, ignoring its query; null for any-admin and customer screens', () => {
    expect(roleNeededFor('/admin/admin-users')).toBe('system_admin');
    expect(roleNeededFor('/admin/system-configuration?tab=api-keys')).toBe('system_admin');
    expect(roleNeededFor('/admin/billing?tab=configuration')).toBe('system_admin');
    expect(roleNeededFor('/admin/health')).toBe('developer');
    expect(roleNeededFor('/admin/debug')).toBeNull();
    expect(roleNeededFor('/dashboard/chatbots')).toBeNull();
  });
});
