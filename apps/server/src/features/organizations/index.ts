import { defineFeature } from '../../plugins/features';
import { organizationRoutes } from './routes';

export { isPersonalSlug } from './service';

/**
 * The organizations feature: its routes, registered by app.ts with the others. Deleting an organization ends its paid
 * plan through billing's context (app.billing).
 */
export const organizationsFeature = defineFeature(
  'organizations',
  async (app, { mailer, rateLimiter }) => {
    await app.register(organizationRoutes, { mailer, rateLimiter });
  },
  ['billing'],
);
