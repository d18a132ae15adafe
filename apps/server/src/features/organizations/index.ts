import { defineFeature } from '../../plugins/features';
import { organizationRoutes } from './routes';

export { isPersonalSlug } from './service';

/** The organizations feature: its routes, registered by app.ts with the others. */
export const organizationsFeature = defineFeature('organizations', async (app, { mailer, rateLimiter }) => {
  await app.register(organizationRoutes, { mailer, rateLimiter });
});
