import { describe, expect, it } from 'vitest';
import { can, ORGANIZATION_PERMISSION_KEYS, ORGANIZATION_PERMISSIONS, ORGANIZATION_ROLES, permissionRole } from './access';

describe('the table of what each organization role may do', () => {
  it('gives every capability a role and a label, and each role everything the roles below it have', () => {
    expect(ORGANIZATION_PERMISSION_KEYS.length).toBeGreaterThan(15);
    for (const permission of ORGANIZATION_PERMISSION_KEYS) {
      expect(ORGANIZATION_ROLES, permission).toContain(permissionRole(permission));
      expect(ORGANIZATION_PERMISSIONS[permission].label.length, permission).toBeGreaterThan(5);
      if (can('member', permission)) expect(can('admin', permission), permission).toBe(true);
      if (can('admin', permission)) expect(can('owner', permission), permission).toBe(true);
      expect(can(null, permission)).toBe(false);
    }
  });

  it('lets members use the chatbots but not create, edit or delete them; admins manage; money and the organization are the owner’s', () => {
    const allowed = (role: 'owner' | 'admin' | 'member') => ORGANIZATION_PERMISSION_KEYS.filter((permission) => can(role, permission));
    expect(allowed('member')).toEqual(['organization.view', 'organization.leave', 'chatbots.view', 'chatbots.test', 'inbox.use', 'analytics.view']);
    for (const permission of [
      'chatbots.create',
      'chatbots.edit',
      'chatbots.delete',
      'sources.manage',
      'apiKeys.manage',
      'webhooks.manage',
      'team.manage',
    ] as const) {
      expect([can('member', permission), can('admin', permission)], permission).toEqual([false, true]);
    }
    for (const permission of ['billing.manage', 'organization.transfer', 'organization.delete'] as const) {
      expect([can('admin', permission), can('owner', permission)], permission).toEqual([false, true]);
    }
    expect(allowed('owner')).toEqual(ORGANIZATION_PERMISSION_KEYS);
  });
});
