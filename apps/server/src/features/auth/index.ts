import { defineFeature } from '../../plugins/features';
import { authBridgePlugin } from './auth-bridge';
import { authRoutes } from './routes';

/** The auth feature: its routes, registered by app.ts with the others. */
export const authFeature = defineFeature('auth', async (app, { auth, rateLimiter, mailer }) => {
  await app.register(authBridgePlugin, { auth, rateLimiter, mailer });
  await app.register(authRoutes, { auth, rateLimiter });
});
