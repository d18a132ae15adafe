export { describeNodes, type LiveNodes, liveNodes, startNodeHeartbeat } from './nodes';
export { healthMonitor, runHealthProbe, startHealthProber } from './prober';
export { REDIS_AWAY, redisUnreachable } from './redis-state';
export { healthRoutes } from './routes';
