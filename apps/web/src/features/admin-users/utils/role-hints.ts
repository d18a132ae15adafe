import type { AdminRole } from '@parley/shared/access';

/** What each role can do in the console, as the Add/Edit admin dialogs say it (the sidebar and route table decide it). */
export const ROLE_HINTS: Record<AdminRole, string> = {
  system_admin: 'Every console page, including users and admins.',
  developer: 'Developer pages (integrations, architecture, health) and support pages.',
  // Send Message lives on User Management, which only a system admin opens.
  support: 'The dashboard and the referrals dashboard (read only). Messages to users are sent by a system admin.',
  template_manager: 'Defined, but no console pages use it yet.',
};
