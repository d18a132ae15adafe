import { defineFeature } from '../../plugins/features';
import { chatRoutes } from './routes';

export { answerChatMessage } from './service';

/** The chat feature: its routes, registered by app.ts with the others. */
export const chatFeature = defineFeature('chat', async (app, { rateLimiter }) => {
  await app.register(chatRoutes, { rateLimiter });
});
