import { defineFeature } from '../../plugins/features';
import { chatbotTemplateRoutes } from './routes';

/** The chatbot templates feature: its routes, registered by app.ts with the others. */
export const chatbotTemplatesFeature = defineFeature('chatbot-templates', async (app) => {
  await app.register(chatbotTemplateRoutes);
});
