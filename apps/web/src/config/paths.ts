import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '@parley/shared/constants';

/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  pricing: '/pricing',
  auth: '/auth',
  authCallback: '/auth/callback',
  forgotPassword: FORGOT_PASSWORD_PATH,
  resetPassword: RESET_PASSWORD_PATH,
  invite: '/invite/:token',
  dashboard: '/dashboard',
  chatbots: '/dashboard/chatbots',
  newChatbot: '/dashboard/chatbots/new',
  chatbot: '/dashboard/chatbots/:id',
  inbox: '/dashboard/inbox',
  team: '/dashboard/team',
  apiKeys: '/dashboard/api-keys',
  webhooks: '/dashboard/webhooks',
  settings: '/dashboard/settings',
  billing: '/dashboard/billing',
  subscription: '/dashboard/subscription',
  referrals: '/dashboard/referrals',
  sandboxCheckout: '/checkout/sandbox/:sessionId',
  sandboxPortal: '/checkout/sandbox/portal',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminAdminUsers: '/admin/admin-users',
  adminActivity: '/admin/activity',
  adminHealth: '/admin/health',
  adminArchitecture: '/admin/architecture',
  adminDebug: '/admin/debug',
  adminEmailOutbox: '/admin/debug/outbox',
  adminTemplates: '/admin/templates',
  adminBehaviorTemplates: '/admin/behavior-templates',
  launchMaterials: '/launch-materials',
} as const;

/** The tabs of a chatbot's page, kept in the `tab` query parameter so a reload or a shared link opens the same one. */
export const CHATBOT_TABS = ['training-data', 'retrieval-testing', 'evaluation', 'test-chat', 'settings', 'embed'] as const;
export type ChatbotTab = (typeof CHATBOT_TABS)[number];

export function chatbotPath(id: string, tab?: ChatbotTab): string {
  const path = paths.chatbot.replace(':id', encodeURIComponent(id));
  return tab ? `${path}?tab=${tab}` : path;
}

/** The builder, optionally started from a chatbot template (`?template=<id>`). */
export function newChatbotPath(templateId?: string): string {
  return templateId ? `${paths.newChatbot}?template=${encodeURIComponent(templateId)}` : paths.newChatbot;
}
