import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limiter';

/** What a node does while Redis is away: it keeps serving, and says so in /api/health and System Health. */
export const REDIS_AWAY = 'rate limits are counted on each node alone and live updates reach this node only, until it returns';

/** Whether this node was given Redis and cannot reach it now (for its rate limits or its live updates). */
export function redisUnreachable(app: FastifyInstance, rateLimiter: RateLimiter): boolean {
  return Boolean(app.config.redisUrl) && !(rateLimiter.shared && app.realtime.connected);
}
