import { HEALTH_PROBE_HEALTHY_MS } from '@parley/shared/constants';
import { healthResponseSchema } from '@parley/shared/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { miniLmStatus } from '../../rag/embedders/minilm/index';
import { REDIS_AWAY, redisUnreachable } from './redis-state';

const VERSION = '0.1.0';
const PROBE_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** GET /api/health: 200 when the database answers, 503 when it does not (spec §4 Health: healthy under 5 s). */
export const healthRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  // Whether the built-in embedding model can run is probed as the server starts (about 25 ms, once per process);
  // the first health check then finds the answer waiting.
  void miniLmStatus();
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database probe', response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (request, reply) => {
      const { database } = app;
      const warnings: string[] = [];
      if (database.vectorSearch === 'exact') warnings.push('pgvector is not installed on the database: vector search uses an exact scan.');
      const started = performance.now();
      let error: string | undefined;
      try {
        await withTimeout(database.ping(), PROBE_TIMEOUT_MS);
      } catch (e) {
        error = 'Database did not answer';
        request.log.warn({ err: e }, 'health probe failed');
      }
      const responseTimeMs = Math.round((performance.now() - started) * 100) / 100;
      const dbStatus: 'healthy' | 'warning' | 'error' = error ? 'error' : responseTimeMs < HEALTH_PROBE_HEALTHY_MS ? 'healthy' : 'warning';
      if (app.draining) warnings.push('The server is shutting down.');
      const redisDown = redisUnreachable(app, rateLimiter);
      if (redisDown) warnings.push(`Redis is unreachable: ${REDIS_AWAY}.`);
      if (!app.config.redisUrl && app.realtime.transport === 'postgres' && !app.realtime.connected)
        warnings.push('The database listener for live updates is reconnecting: other nodes’ updates reach this node when it is back.');
      if (dbStatus === 'warning') warnings.push(`The database answered slowly (${responseTimeMs} ms).`);
      const embeddingModel = await miniLmStatus();
      if (embeddingModel.state === 'unavailable')
        warnings.push(`The built-in embedding model could not load (${embeddingModel.reason}); new chatbots use the hashing embedder.`);
      // The service is up while the database answers; warnings say what is degraded.
      reply.status(error || app.draining ? 503 : 200);
      // A load balancer or client checks again shortly; the pool reconnects by itself when the database returns.
      if (error) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return {
        status: error ? ('error' as const) : redisDown ? ('degraded' as const) : ('ok' as const),
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        database: { status: dbStatus, driver: database.driver, responseTimeMs, vectorSearch: database.vectorSearch, ...(error ? { error } : {}) },
        ...(app.config.redisUrl ? { redis: { status: redisDown ? ('error' as const) : ('ok' as const) } } : {}),
        warnings,
      };
    },
  );
};
