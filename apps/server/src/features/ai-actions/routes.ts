import {
  ACTION_WEBHOOK_TESTS_PER_MINUTE,
  actionAnalyticsQuerySchema,
  actionAnalyticsSchema,
  actionCategoryListQuerySchema,
  actionCategoryListSchema,
  actionCategorySchema,
  actionTemplateListQuerySchema,
  actionTemplateListSchema,
  actionTemplateSchema,
  createActionCategoryBodySchema,
  createActionTemplateBodySchema,
  testActionWebhookBodySchema,
  testActionWebhookResultSchema,
  updateActionCategoryBodySchema,
  updateActionTemplateBodySchema,
} from '@parley/shared/contracts/ai-actions';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { CHATBOT_ACTION_MESSAGES, discoverMcpToolsBodySchema, mcpToolListSchema } from '@parley/shared/contracts/chatbot-actions';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireAdmin } from '../../plugins/access';
import { ACTION_CALL_TIMEOUT_MS, discoverMcpTools } from '../chatbot-actions/index';
import { createActionCategory, deleteActionCategory, listActionCategories, updateActionCategory } from './categories-service';
import { actionAnalytics, createActionTemplate, deleteActionTemplate, listActionTemplates, updateActionTemplate } from './service';
import { actionUsage } from './usage';
import { testActionWebhook } from './webhook-test';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['custom actions'];

/** Custom Action Management (spec part 2 §2, /admin/ai-agents): developer, and system_admin who passes every check. */
export const aiActionRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  app.get(
    '/api/admin/ai-actions/categories',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Action categories by sort order (active only unless includeInactive=true), with their template counts',
        querystring: actionCategoryListQuerySchema,
        response: { 200: actionCategoryListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listActionCategories(app.db, { includeInactive: request.query.includeInactive }) }),
  );

  app.post(
    '/api/admin/ai-actions/categories',
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Create an action category', body: createActionCategoryBodySchema, response: { 201: actionCategorySchema, ...errors } },
    },
    async (request, reply) => {
      const created = await createActionCategory(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/ai-actions/categories/:id',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Edit, deactivate or reactivate an action category',
        params: idParamsSchema,
        body: updateActionCategoryBodySchema,
        response: { 200: actionCategorySchema, ...errors },
      },
    },
    async (request) => {
      return updateActionCategory(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    '/api/admin/ai-actions/categories/:id',
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Delete an action category no template uses', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteActionCategory(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/ai-actions/templates',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Action templates, newest first, searched and filtered by category (at most 200)',
        querystring: actionTemplateListQuerySchema,
        response: { 200: actionTemplateListSchema, ...errors },
      },
    },
    async (request) => listActionTemplates(app.db, request.query),
  );

  app.post(
    '/api/admin/ai-actions/templates',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Create an action template with its webhooks and event handlers',
        body: createActionTemplateBodySchema,
        response: { 201: actionTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createActionTemplate(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/ai-actions/templates/:id',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Update an action template (any of its fields; a lone isActive or isFeatured is a toggle)',
        params: idParamsSchema,
        body: updateActionTemplateBodySchema,
        response: { 200: actionTemplateSchema, ...errors },
      },
    },
    async (request) => {
      return updateActionTemplate(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    '/api/admin/ai-actions/templates/:id',
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Delete an action template', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteActionTemplate(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/ai-actions/analytics',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Counts of action templates (totals, per category, per action type) and the calls chatbots made over the last days',
        querystring: actionAnalyticsQuerySchema,
        response: { 200: actionAnalyticsSchema, ...errors },
      },
    },
    async (request) => ({ ...(await actionAnalytics(app.db)), usage: await actionUsage(app.db, { days: request.query.days }) }),
  );

  app.post(
    '/api/admin/ai-actions/test-webhook',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Send a test request to a webhook endpoint (public addresses only) and report the answer',
        body: testActionWebhookBodySchema,
        response: { 200: testActionWebhookResultSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      const limit = await rateLimiter.hit(`action-webhook-test:${identity.user.id}`, ACTION_WEBHOOK_TESTS_PER_MINUTE, 60).catch(() => null);
      if (limit && !limit.allowed) {
        throw new AppError('RATE_LIMITED', 'Too many webhook tests. Please wait a minute and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
      }
      return testActionWebhook(
        app.db,
        { ...request.body, actorId: identity.user.id, allowPrivateNetworks: app.config.fetch.allowPrivateNetworks },
        request.actor,
      );
    },
  );

  app.post(
    '/api/admin/ai-actions/mcp-tools',
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Connect to a remote MCP server (Streamable HTTP, public addresses only) and list its tools, for a template that points to it',
        body: discoverMcpToolsBodySchema,
        response: { 200: mcpToolListSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      // The owner's look-up (decisions/0048-mcp-action-sources.md) with the operator's own counter: the same guard, the
      // same 400s, and the credential used for this one look-up only (a template keeps none).
      const limit = await rateLimiter.hit(`action-template-mcp-tools:${identity.user.id}`, ACTION_WEBHOOK_TESTS_PER_MINUTE, 60).catch(() => null);
      if (limit && !limit.allowed) {
        throw new AppError('RATE_LIMITED', CHATBOT_ACTION_MESSAGES.tooManyMcpLookups, { 'retry-after': String(limit.retryAfterSeconds) });
      }
      return discoverMcpTools(
        { allowPrivateNetworks: app.config.fetch.allowPrivateNetworks, timeoutMs: Math.min(app.config.fetch.timeoutMs, ACTION_CALL_TIMEOUT_MS) },
        request.body,
      );
    },
  );
};
