import { describe, expect, it } from 'vitest';
import { adminSectionName } from './admin-section';

describe('breadcrumb section name', () => {
  it('uses the sidebar label for sidebar paths', () => {
    expect(adminSectionName('/admin')).toBe('Dashboard');
    expect(adminSectionName('/admin/')).toBe('Dashboard');
    expect(adminSectionName('/admin/users')).toBe('User Management');
    expect(adminSectionName('/admin/billing')).toBe('Stripe Testing');
    expect(adminSectionName('/launch-materials')).toBe('Launch Materials');
  });

  it('uses the route table for pages without a sidebar entry', () => {
    expect(adminSectionName('/admin/activity')).toBe('Activity Logs');
    expect(adminSectionName('/admin/health')).toBe('Health Monitoring');
    expect(adminSectionName('/admin/security/audit')).toBe('Security Audit');
    expect(adminSectionName('/admin/debug')).toBe('Debug Console');
  });

  it('falls back to the closest sidebar section', () => {
    expect(adminSectionName('/admin/referrals/unknown')).toBe('Referrals');
    expect(adminSectionName('/admin/nothing-here')).toBe('Dashboard');
  });
});
