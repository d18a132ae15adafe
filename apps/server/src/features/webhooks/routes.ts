import type { OrganizationPermission, RouteAccess } from '@parley/shared/access';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  createWebhookConfigBodySchema,
  rotateWebhookSecretBodySchema,
  updateWebhookConfigBodySchema,
  WEBHOOK_MESSAGES,
  WEBHOOK_TESTS_PER_MINUTE,
  webhookConfigListSchema,
  webhookConfigSchema,
  webhookConfigWithSecretSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
} from '@parley/shared/contracts/webhooks';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { sendTestWebhook } from './delivery';
import {
  createWebhookConfig,
  deleteWebhookConfig,
  listWebhookConfigs,
  listWebhookDeliveries,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookConfig,
  type WebhookActor,
  type WebhookOwner,
} from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

interface Surface {
  /** Path prefix of this owner's routes. */
  base: string;
  access: RouteAccess;
  permission?: OrganizationPermission;
  tags: string[];
  /** Whose configurations the request acts on. */
  owner(request: FastifyRequest): WebhookOwner;
  actor(request: FastifyRequest): WebhookActor;
}

/**
 * Outbound webhook configurations: customers manage their organization's at /api/webhook-configs (owners and
 * admins), staff the installation-wide ones at /api/admin/webhook-configs (system_admin; they receive the events
 * of every organization). The same operations on both.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  // Spec part 1 §6: creating, changing or deleting a webhook without a session says "User not authenticated".
  // The scoped handler passes every error on to the app's one handler (errors plugin), renaming only this one.
  app.setErrorHandler((error: FastifyError) => {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') throw new AppError('UNAUTHORIZED', WEBHOOK_MESSAGES.notAuthenticated);
    throw error;
  });

  const deps = () => ({ db: app.db, secretKey: app.config.secretKey, allowPrivateNetworks: app.config.fetch.allowPrivateNetworks, log: app.log });

  const surfaces: Surface[] = [
    {
      base: '/api/webhook-configs',
      access: 'user',
      permission: 'webhooks.manage',
      tags: ['webhooks'],
      owner: (request) => requireMembership(request).organizationId,
      actor: (request) => ({ userId: requireIdentity(request).user.id, context: request.actor }),
    },
    {
      base: '/api/admin/webhook-configs',
      access: 'system_admin',
      tags: ['admin webhooks'],
      owner: () => null,
      actor: (request) => ({ userId: request.actor.userId, context: request.actor }),
    },
  ];

  for (const surface of surfaces) {
    const { base, tags } = surface;
    const config = { access: surface.access, ...(surface.permission ? { permission: surface.permission } : {}) };

    app.get(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'List webhook configurations, newest first, with the installation’s delivery limits',
          response: { 200: webhookConfigListSchema, ...errors },
        },
      },
      async (request) => listWebhookConfigs(app.db, surface.owner(request)),
    );

    app.post(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'Add a webhook; the answer shows its signing secret once',
          body: createWebhookConfigBodySchema,
          response: { 201: webhookConfigWithSecretSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createWebhookConfig(deps(), surface.owner(request), request.body, surface.actor(request))),
    );

    app.patch(
      `${base}/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Change a webhook',
          params: idParamsSchema,
          body: updateWebhookConfigBodySchema,
          response: { 200: webhookConfigSchema, ...errors },
        },
      },
      async (request) => updateWebhookConfig(deps(), surface.owner(request), request.params.id, request.body, surface.actor(request)),
    );

    app.delete(
      `${base}/:id`,
      { config, schema: { tags, summary: 'Delete a webhook and its delivery log', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } } },
      async (request) => {
        await deleteWebhookConfig(app.db, surface.owner(request), request.params.id, surface.actor(request));
        return { ok: true as const };
      },
    );

    app.post(
      `${base}/:id/test`,
      {
        config,
        schema: {
          tags,
          summary: 'Send a signed webhook.test event now; the attempt is logged as a delivery',
          params: idParamsSchema,
          response: { 200: webhookDeliverySchema, ...errors },
        },
      },
      async (request) => {
        const actor = surface.actor(request);
        const limit = await rateLimiter.hit(`webhook-test:${actor.userId}`, WEBHOOK_TESTS_PER_MINUTE, 60).catch(() => null);
        if (limit && !limit.allowed) {
          throw new AppError('RATE_LIMITED', 'Too many webhook tests. Please wait a minute and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
        }
        return sendTestWebhook(deps(), surface.owner(request), request.params.id, actor);
      },
    );

    app.post(
      `${base}/:id/rotate-secret`,
      {
        config,
        schema: {
          tags,
          summary: 'Replace the signing secret (shown once); the previous one keeps signing for 24 hours',
          params: idParamsSchema,
          body: rotateWebhookSecretBodySchema,
          response: { 200: webhookConfigWithSecretSchema, ...errors },
        },
      },
      async (request) => rotateWebhookSecret(deps(), surface.owner(request), request.params.id, request.body, surface.actor(request)),
    );

    app.get(
      `${base}/:id/deliveries`,
      {
        config,
        schema: {
          tags,
          summary: 'The delivery log of a webhook, newest first, paginated',
          params: idParamsSchema,
          querystring: webhookDeliveryQuerySchema,
          response: { 200: webhookDeliveryListSchema, ...errors },
        },
      },
      async (request) => listWebhookDeliveries(app.db, surface.owner(request), request.params.id, request.query),
    );

    app.post(
      `${base}/:id/deliveries/:deliveryId/resend`,
      {
        config,
        schema: {
          tags,
          summary: 'Queue a delivered or failed event again for this webhook',
          params: webhookDeliveryParamsSchema,
          response: { 201: webhookDeliverySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await resendWebhookDelivery(app.db, surface.owner(request), request.params.id, request.params.deliveryId, surface.actor(request))),
    );
  }
};
