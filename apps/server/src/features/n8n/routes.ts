import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  createN8nRoutingRuleBodySchema,
  createN8nWebhookEndpointBodySchema,
  createN8nWorkflowBodySchema,
  createN8nWorkflowTemplateBodySchema,
  N8N_TESTS_PER_MINUTE,
  n8nAdvancedSettingsBodySchema,
  n8nAdvancedSettingsSchema,
  n8nApiKeyBodySchema,
  n8nHealthResultSchema,
  n8nMonitoringQuerySchema,
  n8nMonitoringSchema,
  n8nRoutingRuleListSchema,
  n8nRoutingRuleSchema,
  n8nWebhookEndpointListSchema,
  n8nWebhookEndpointSchema,
  n8nWebhookSecretSchema,
  n8nWebhookTestResultSchema,
  n8nWorkflowListSchema,
  n8nWorkflowSchema,
  n8nWorkflowTemplateListSchema,
  n8nWorkflowTemplateSchema,
  testN8nHealthBodySchema,
  updateN8nRoutingRuleBodySchema,
  updateN8nWebhookEndpointBodySchema,
  updateN8nWorkflowBodySchema,
} from '@parley/shared/contracts/n8n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireAdmin } from '../../plugins/access';
import { testN8nHealth } from './health';
import { n8nMonitoring } from './monitoring';
import { createRoutingRule, deleteRoutingRule, listRoutingRules, updateRoutingRule } from './routing-rules';
import { readRemoteStates } from './remote-states';
import { getN8nSettings, rotateN8nWebhookSecret, saveN8nApiKey, updateN8nSettings } from './settings';
import { createTemplate, deleteTemplate, listTemplates } from './templates';
import { testWebhookEndpoint } from './webhook-test';
import { createEndpoint, createWorkflow, deleteEndpoint, deleteWorkflow, listEndpoints, listWorkflows, updateEndpoint, updateWorkflow } from './workflows';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['n8n integration'];
const PREFIX = '/api/admin/n8n';

/** n8n Integration Management (spec part 2 §2, /admin/n8n-integration): developer, and system_admin who passes every check. */
export const n8nRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  /** Each test is an outbound request on the admin's behalf: a few a minute is plenty. */
  async function limitTests(userId: string) {
    const limit = await rateLimiter.hit(`n8n-test:${userId}`, N8N_TESTS_PER_MINUTE, 60).catch(() => null);
    if (limit && !limit.allowed) {
      throw new AppError('RATE_LIMITED', 'Too many tests. Please wait a minute and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
    }
  }

  // ------------------------------------------------------------ workflows

  app.get(
    `${PREFIX}/workflows`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Workflows, newest first, with their state in n8n when an API key is saved',
        response: { 200: n8nWorkflowListSchema, ...errors },
      },
    },
    async () => {
      const [workflows, remote] = await Promise.all([
        listWorkflows(app.db),
        readRemoteStates(app.db, { secretKey: app.config.secretKey, allowPrivateNetworks: app.config.fetch.n8nPrivateNetworks }),
      ]);
      return {
        items: workflows.map((workflow) => ({ ...workflow, n8nState: remote.stateOf(workflow.n8nWorkflowId) })),
        n8nStates: { read: remote.read, error: remote.error },
      };
    },
  );

  app.post(
    `${PREFIX}/workflows`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Create a workflow (inactive); logs n8n_workflow_created',
        body: createN8nWorkflowBodySchema,
        response: { 201: n8nWorkflowSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createWorkflow(app.db, { ...request.body, actorId: request.actor.userId }, request.actor));
    },
  );

  app.patch(
    `${PREFIX}/workflows/:id`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Edit a workflow or set it active / inactive',
        params: idParamsSchema,
        body: updateN8nWorkflowBodySchema,
        response: { 200: n8nWorkflowSchema, ...errors },
      },
    },
    async (request) => {
      return updateWorkflow(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    `${PREFIX}/workflows/:id`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Delete a workflow no routing rule uses', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteWorkflow(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  // ------------------------------------------------------------ webhook endpoints

  app.get(
    `${PREFIX}/webhooks`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Webhook endpoints, newest first',
        response: { 200: n8nWebhookEndpointListSchema, ...errors },
      },
    },
    async () => ({ items: await listEndpoints(app.db) }),
  );

  app.post(
    `${PREFIX}/webhooks`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Add a webhook endpoint', body: createN8nWebhookEndpointBodySchema, response: { 201: n8nWebhookEndpointSchema, ...errors } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createEndpoint(app.db, { ...request.body, actorId: request.actor.userId }, request.actor));
    },
  );

  app.patch(
    `${PREFIX}/webhooks/:id`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Edit a webhook endpoint',
        params: idParamsSchema,
        body: updateN8nWebhookEndpointBodySchema,
        response: { 200: n8nWebhookEndpointSchema, ...errors },
      },
    },
    async (request) => {
      return updateEndpoint(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    `${PREFIX}/webhooks/:id`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Delete a webhook endpoint', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteEndpoint(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  app.post(
    `${PREFIX}/webhooks/:id/test`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Send a test request to the endpoint under the n8n webhook base URL; recorded and logged as webhook_tested',
        params: idParamsSchema,
        response: { 200: n8nWebhookTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      await limitTests(identity.user.id);
      return testWebhookEndpoint(
        app.db,
        { id: request.params.id, actorId: identity.user.id, secretKey: app.config.secretKey, allowPrivateNetworks: app.config.fetch.n8nPrivateNetworks },
        request.actor,
      );
    },
  );

  // ------------------------------------------------------------ monitoring

  app.get(
    `${PREFIX}/monitoring`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Figures of the recorded requests to n8n in a time range (1h, 24h, 7d, 30d), overall and per workflow, with health',
        querystring: n8nMonitoringQuerySchema,
        response: { 200: n8nMonitoringSchema, ...errors },
      },
    },
    async (request) => n8nMonitoring(app.db, request.query.range),
  );

  // ------------------------------------------------------------ routing rules

  app.get(
    `${PREFIX}/routing-rules`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Routing rules by priority (ascending)', response: { 200: n8nRoutingRuleListSchema, ...errors } },
    },
    async () => ({ items: await listRoutingRules(app.db) }),
  );

  app.post(
    `${PREFIX}/routing-rules`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Create a routing rule (active, zero counts)',
        body: createN8nRoutingRuleBodySchema,
        response: { 201: n8nRoutingRuleSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createRoutingRule(app.db, { ...request.body, actorId: request.actor.userId }, request.actor));
    },
  );

  app.patch(
    `${PREFIX}/routing-rules/:id`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Edit a routing rule or toggle it',
        params: idParamsSchema,
        body: updateN8nRoutingRuleBodySchema,
        response: { 200: n8nRoutingRuleSchema, ...errors },
      },
    },
    async (request) => {
      return updateRoutingRule(app.db, { ...request.body, id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.delete(
    `${PREFIX}/routing-rules/:id`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Delete a routing rule', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteRoutingRule(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  // ------------------------------------------------------------ templates

  app.get(
    `${PREFIX}/templates`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Workflow templates: the three built-in ones, then saved public ones and your own',
        response: { 200: n8nWorkflowTemplateListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listTemplates(app.db, requireAdmin(request).identity.user.id) }),
  );

  app.post(
    `${PREFIX}/templates`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Save a workflow template (n8n nodes and connections)',
        body: createN8nWorkflowTemplateBodySchema,
        response: { 201: n8nWorkflowTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createTemplate(app.db, { ...request.body, actorId: request.actor.userId }, request.actor));
    },
  );

  app.delete(
    `${PREFIX}/templates/:id`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Delete a saved template', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteTemplate(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
      return { ok: true as const };
    },
  );

  // ------------------------------------------------------------ advanced settings

  app.get(
    `${PREFIX}/settings`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Advanced n8n settings, with the base URL and processing mode of System Configuration',
        response: { 200: n8nAdvancedSettingsSchema, ...errors },
      },
    },
    async () => getN8nSettings(app.db),
  );

  app.put(
    `${PREFIX}/settings`,
    {
      config: { access: 'developer' },
      schema: { tags, summary: 'Save the advanced n8n settings', body: n8nAdvancedSettingsBodySchema, response: { 200: n8nAdvancedSettingsSchema, ...errors } },
    },
    async (request) => {
      return updateN8nSettings(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
    },
  );

  app.put(
    `${PREFIX}/settings/api-key`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: "Save (or, with null, remove) the n8n API key Parley reads n8n's workflow states with; only its end is shown again",
        body: n8nApiKeyBodySchema,
        response: { 200: n8nAdvancedSettingsSchema, ...errors },
      },
    },
    async (request) => saveN8nApiKey(app.db, { secretKey: app.config.secretKey, apiKey: request.body.apiKey, actorId: request.actor.userId }, request.actor),
  );

  app.post(
    `${PREFIX}/settings/webhook-secret`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'Make a new bearer secret for requests to n8n; the answer is the only time it is shown',
        body: z.object({}).optional(),
        response: { 200: n8nWebhookSecretSchema, ...errors },
      },
    },
    async (request) => {
      return rotateN8nWebhookSecret(app.db, { secretKey: app.config.secretKey, actorId: request.actor.userId }, request.actor);
    },
  );

  app.post(
    `${PREFIX}/settings/test-connection`,
    {
      config: { access: 'developer' },
      schema: {
        tags,
        summary: 'GET the n8n health endpoint (/healthz) of a base URL (or the configured one) from the server',
        body: testN8nHealthBodySchema,
        response: { 200: n8nHealthResultSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      await limitTests(identity.user.id);
      return testN8nHealth(app.db, { url: request.body.url, actorId: identity.user.id, allowPrivateNetworks: app.config.fetch.n8nPrivateNetworks });
    },
  );
};
