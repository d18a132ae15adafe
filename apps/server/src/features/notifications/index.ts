import { defineFeature } from '../../plugins/features';
import { startStaffMessageEmailWorker } from './emails';
import { notificationRoutes } from './routes';

/** The notifications feature: its routes and background work, registered by app.ts with the others. */
export const notificationsFeature = defineFeature('notifications', async (app, { mailer }) => {
  await app.register(notificationRoutes);
  app.backgroundWork.push({ name: 'staff message e-mails', start: () => startStaffMessageEmailWorker(app, mailer) });
});
