import { defineFeature } from '../../plugins/features';
import type { FeatureContext } from '../../plugins/features';
import { userRoutes } from './routes';

/** What the users screens read from another feature: the installation's chatbot count (app.ts gives it). */
export interface UserFeatureOptions extends FeatureContext {
  countChatbots: () => Promise<number | null>;
}

/** The users feature: its routes, registered by app.ts with the others. */
export const usersFeature = defineFeature<UserFeatureOptions>('users', async (app, { countChatbots }) => {
  await app.register(userRoutes, { countChatbots });
});
