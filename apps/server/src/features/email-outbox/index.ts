import { defineFeature } from '../../plugins/features';
import { emailOutboxRoutes } from './routes';

/** The email outbox feature: its routes, registered by app.ts with the others. */
export const emailOutboxFeature = defineFeature('email-outbox', async (app, { mailer }) => {
  await app.register(emailOutboxRoutes, { mailer });
});
