import { sidebarFor } from '@parley/shared/admin-routes';
import { describe, expect, it } from 'vitest';
import { ROLE_HINTS } from './role-hints';

describe('the role hints of the Add/Edit admin dialogs', () => {
  it('name the console pages support can open, and Send Message, which support reaches from the dashboard', () => {
    expect(sidebarFor('support').map((entry) => entry.label)).not.toContain('User Management');
    expect(ROLE_HINTS.support).toMatch(/Send Message/);
    for (const entry of sidebarFor('support')) expect(ROLE_HINTS.support.toLowerCase()).toContain(entry.label.toLowerCase());
  });
});
