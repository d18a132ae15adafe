import { describe, expect, it } from 'vitest';
import { decideAdminAccess, requiredRoleFor } from './admin-access';

const admin = (role: 'system_admin' | 'developer' | 'support' | 'template_manager') => ({ isAdmin: true, isActive: true, role });
const base = { authStatus: 'signed-in' as const, adminFailed: false, pathname: '/admin' };

describe('admin guard decision', () => {
  it('waits for the session, then for the admin status', () => {
    expect(decideAdminAccess({ ...base, authStatus: 'loading', admin: undefined })).toEqual({ kind: 'loading' });
    expect(decideAdminAccess({ ...base, admin: undefined })).toEqual({ kind: 'loading' });
  });

  it('sends a visitor without a session to sign in', () => {
    expect(decideAdminAccess({ ...base, authStatus: 'signed-out', admin: undefined })).toEqual({ kind: 'signed-out' });
  });

  it('denies a signed-in user who is not an active admin, and denies when verification failed', () => {
    expect(decideAdminAccess({ ...base, admin: { isAdmin: false, isActive: false, role: null } })).toEqual({ kind: 'denied' });
    expect(decideAdminAccess({ ...base, admin: { isAdmin: true, isActive: false, role: 'support' } })).toEqual({ kind: 'denied' });
    expect(decideAdminAccess({ ...base, admin: undefined, adminFailed: true })).toEqual({ kind: 'denied' });
  });

  it('asks for the route’s role: support may see the dashboard but not user management', () => {
    expect(decideAdminAccess({ ...base, admin: admin('support') })).toEqual({ kind: 'granted', role: 'support' });
    expect(decideAdminAccess({ ...base, pathname: '/admin/users', admin: admin('support') })).toEqual({ kind: 'insufficient', required: 'system_admin' });
    expect(decideAdminAccess({ ...base, pathname: '/admin/health/', admin: admin('developer') })).toEqual({ kind: 'granted', role: 'developer' });
    expect(decideAdminAccess({ ...base, pathname: '/admin/health', admin: admin('support') })).toEqual({ kind: 'insufficient', required: 'developer' });
    expect(decideAdminAccess({ ...base, pathname: '/admin/security/audit', admin: admin('system_admin') }).kind).toBe('granted');
  });

  it('needs only an admin for paths the console shows outside the route table, but developer for launch materials', () => {
    expect(requiredRoleFor('/launch-materials')).toBe('developer');
    expect(decideAdminAccess({ ...base, pathname: '/launch-materials/', admin: admin('support') })).toEqual({ kind: 'insufficient', required: 'developer' });
    expect(requiredRoleFor('/admin/referrals')).toBe('system_admin');
    expect(requiredRoleFor('/admin/debug')).toBeNull();
    expect(requiredRoleFor('/admin/referrals/settings')).toBe('system_admin');
  });
});
