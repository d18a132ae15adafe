import { N8N_CONNECTION_TESTS_PER_MINUTE } from '@parley/shared/constants';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import {
  n8nConnectionResultSchema,
  systemConfigurationSchema,
  testN8nConnectionBodySchema,
  updateSystemConfigurationBodySchema,
} from '@parley/shared/contracts/system-configuration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireAdmin } from '../../plugins/access';
import { getSystemConfiguration, testN8nConnection, updateSystemConfiguration } from './service';
import { announceSystemConfigurationChange, startSystemConfigurationCache } from '../../services/system-configuration';

const errors = errorResponses(400, 401, 403, 429);
const tags = ['system configuration'];

/**
 * System Configuration (spec part 2): system_admin only. Also starts this process's cached copy of
 * the configuration, which every save refreshes on every node (see store.ts).
 */
export const systemConfigurationRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  const cache = startSystemConfigurationCache({ db: app.db, realtime: app.realtime, log: app.log });
  app.addHook('onClose', async () => cache.close());

  app.get(
    '/api/admin/system-configuration',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'The system configuration (one row, created with the defaults)', response: { 200: systemConfigurationSchema, ...errors } },
    },
    async () => getSystemConfiguration(app.db),
  );

  app.put(
    '/api/admin/system-configuration',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Save the whole system configuration; every server process uses it within a second',
        body: updateSystemConfigurationBodySchema,
        response: { 200: systemConfigurationSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { configuration, changed } = await updateSystemConfiguration(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
      if (changed) await announceSystemConfigurationChange(app.db, app.realtime);
      return configuration;
    },
  );

  app.post(
    '/api/admin/system-configuration/test-n8n',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Check from the server that the n8n base URL answers (public addresses only)',
        body: testN8nConnectionBodySchema,
        response: { 200: n8nConnectionResultSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      const limit = await rateLimiter.hit(`system-configuration-n8n-test:${identity.user.id}`, N8N_CONNECTION_TESTS_PER_MINUTE, 60);
      if (!limit.allowed) {
        throw new AppError('RATE_LIMITED', 'Too many connection tests. Please wait a minute and try again.', {
          'retry-after': String(limit.retryAfterSeconds),
        });
      }
      return testN8nConnection(request.body.url, {
        timeoutMs: Math.min(app.config.fetch.timeoutMs, 10_000),
        allowPrivateNetworks: app.config.fetch.n8nPrivateNetworks,
      });
    },
  );
};
