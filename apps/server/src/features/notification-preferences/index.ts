import { defineFeature } from '../../plugins/features';
import { notificationPreferenceRoutes } from './routes';

export { userIdsThatWant } from './service';

/** The notification preferences feature: its routes, registered by app.ts with the others. */
export const notificationPreferencesFeature = defineFeature('notification-preferences', async (app) => {
  await app.register(notificationPreferenceRoutes);
});
