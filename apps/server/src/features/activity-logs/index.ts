import { defineFeature } from '../../plugins/features';
import { activityLogRoutes } from './routes';

export { listActivity } from './query';

/** The activity logs feature: its routes, registered by app.ts with the others. */
export const activityLogsFeature = defineFeature('activity-logs', async (app) => {
  await app.register(activityLogRoutes);
});
