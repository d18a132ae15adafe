import { defineFeature } from '../../plugins/features';
import { startHandoffAlertWorker } from './alerts';
import { publicHandoffRoutes } from './public-routes';
import { handoffRoutes } from './routes';

export { asksForPerson, findOpenHandoff, handoffUsage, recordVisitorMessage, requestHandoff } from './service';

/** The handoffs feature: its routes and background work, registered by app.ts with the others. */
export const handoffsFeature = defineFeature('handoffs', async (app, { rateLimiter, mailer }) => {
  await app.register(handoffRoutes);
  await app.register(publicHandoffRoutes, { rateLimiter });
  app.backgroundWork.push({ name: 'handoff alerts', start: () => startHandoffAlertWorker(app, mailer) });
});
