import { defineFeature } from '../../plugins/features';
import { openAiApiRoutes } from './routes';

export { apiKeyCaller, type ApiKeyRefusal, chatbotForKey, countChatbotRequest } from './api-key-access';
export { draftModelMessage } from './routes';

/** The openai api feature: its routes, registered by app.ts with the others. */
export const openaiApiFeature = defineFeature('openai-api', async (app, { rateLimiter }) => {
  await app.register(openAiApiRoutes, { rateLimiter });
});
