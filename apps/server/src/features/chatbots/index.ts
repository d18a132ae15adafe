import { defineFeature } from '../../plugins/features';
import { chatbotRoutes } from './routes';

export { chatbotCounts, findChatbotInOrganization, recentConversationCount } from './service';

/** The chatbots feature: its routes, registered by app.ts with the others. */
export const chatbotsFeature = defineFeature(
  'chatbots',
  async (app) => {
    await app.register(chatbotRoutes);
  },
  ['system-configuration'],
);
