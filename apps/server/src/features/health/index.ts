import { defineFeature } from '../../plugins/features';
import { startNodeHeartbeat } from './nodes';
import { startHealthProber } from './prober';
import { healthRoutes } from './routes';

export { describeNodes, type LiveNodes, liveNodes } from './nodes';
export { healthMonitor, runHealthProbe } from './prober';
export { REDIS_AWAY, redisUnreachable } from './redis-state';

/** The health feature: its routes and background work, registered by app.ts with the others. */
export const healthFeature = defineFeature('health', async (app, { rateLimiter }) => {
  await app.register(healthRoutes, { rateLimiter });
  // Every node of a PostgreSQL installation says it is alive, so System Health can count them (decisions/0006-health-and-system-health.md).
  app.backgroundWork.push({ name: 'node heartbeat', everyNode: true, start: () => (app.database.driver === 'postgres' ? startNodeHeartbeat(app) : undefined) });
  app.backgroundWork.push({ name: 'health prober', start: () => startHealthProber(app) });
});
