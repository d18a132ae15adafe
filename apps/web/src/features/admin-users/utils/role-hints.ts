import type { AdminRole } from '@parley/shared/access';

/** What each role can do in the console, as the Add/Edit admin dialogs say it (the sidebar and route table decide it). */
export const ROLE_HINTS: Record<AdminRole, string> = {
  system_admin: 'Every console page, including users and admins.',
  developer: 'Developer pages (integrations, architecture, health) and support pages.',
  // Send Message is on the dashboard for support (spec §6 offers it to system_admin and support).
  support: 'The dashboard (read only), with Send Message to users.',
  template_manager: 'Defined, but no console pages use it yet.',
};
