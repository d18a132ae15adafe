import { defineFeature } from '../../plugins/features';
import { securityMonitoringRoutes } from './routes';

/** The security monitoring feature: its routes, registered by app.ts with the others. */
export const securityMonitoringFeature = defineFeature('security-monitoring', async (app) => {
  await app.register(securityMonitoringRoutes);
});
