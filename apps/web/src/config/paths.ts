/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  authCallback: '/auth/callback',
  dashboard: '/dashboard',
  chatbots: '/dashboard/chatbots',
  newChatbot: '/dashboard/chatbots/new',
  apiKeys: '/dashboard/api-keys',
  settings: '/dashboard/settings',
  billing: '/dashboard/billing',
  subscription: '/dashboard/subscription',
} as const;
