import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  CHATBOT_ACTION_MESSAGES,
  CHATBOT_ACTION_TESTS_PER_MINUTE,
  chatbotActionListSchema,
  chatbotActionParamsSchema,
  chatbotActionSchema,
  createChatbotActionBodySchema,
  testChatbotActionBodySchema,
  testChatbotActionResultSchema,
  updateChatbotActionBodySchema,
} from '@parley/shared/contracts/chatbot-actions';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { createChatbotAction, deleteChatbotAction, findActionInOrganization, listChatbotActions, updateChatbotAction, type ActionDeps } from './service';
import { testChatbotAction } from './test-call';
import { ACTION_CALL_TIMEOUT_MS } from './webhook-call';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['chatbot actions'];
const ACTIONS_PATH = '/api/chatbots/:id/actions';
const ACTION_PATH = '/api/chatbots/:id/actions/:actionId';

/**
 * An owner's actions on a chatbot (decisions/0047-chatbot-actions.md). Seeing them needs what seeing the chatbot
 * needs; changing or testing them what editing it needs (they change how it answers).
 */
export const chatbotActionRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  const deps = (): ActionDeps => ({
    db: app.db,
    database: app.database,
    secretKey: app.config.secretKey,
    allowPrivateNetworks: app.config.fetch.allowPrivateNetworks,
    n8nPrivateNetworks: app.config.fetch.n8nPrivateNetworks,
    timeoutMs: Math.min(app.config.fetch.timeoutMs, ACTION_CALL_TIMEOUT_MS),
  });

  app.get(
    ACTIONS_PATH,
    {
      config: { access: 'user', permission: 'chatbots.view' },
      schema: {
        tags,
        summary: 'A chatbot’s actions, with the plan’s action limits',
        params: idParamsSchema,
        response: { 200: chatbotActionListSchema, ...errors },
      },
    },
    async (request) => listChatbotActions(app.db, requireMembership(request).organizationId, request.params.id),
  );

  app.post(
    ACTIONS_PATH,
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags,
        summary: 'Add an action (a webhook the answer model may call) to a chatbot',
        params: idParamsSchema,
        body: createChatbotActionBodySchema,
        response: { 201: chatbotActionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createChatbotAction(deps(), requireMembership(request).organizationId, request.params.id, request.body)),
  );

  app.patch(
    ACTION_PATH,
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags,
        summary: 'Change a chatbot’s action',
        params: chatbotActionParamsSchema,
        body: updateChatbotActionBodySchema,
        response: { 200: chatbotActionSchema, ...errors },
      },
    },
    async (request) => updateChatbotAction(deps(), requireMembership(request).organizationId, request.params.id, request.params.actionId, request.body),
  );

  app.delete(
    ACTION_PATH,
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: { tags, summary: 'Delete a chatbot’s action', params: chatbotActionParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteChatbotAction(app.db, requireMembership(request).organizationId, request.params.id, request.params.actionId);
      return { ok: true as const };
    },
  );

  app.post(
    `${ACTION_PATH}/test`,
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags,
        summary: 'Call an action’s webhook from the server with sample arguments, signed, and report the answer',
        params: chatbotActionParamsSchema,
        body: testChatbotActionBodySchema,
        response: { 200: testChatbotActionResultSchema, ...errors },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { organizationId } = requireMembership(request);
      // Another organization's action is not found before anything is counted.
      await findActionInOrganization(app.db, organizationId, request.params.id, request.params.actionId);
      // Each test is an outbound request on the caller's behalf.
      const limit = await rateLimiter.hit(`chatbot-action-test:${identity.user.id}`, CHATBOT_ACTION_TESTS_PER_MINUTE, 60).catch(() => null);
      if (limit && !limit.allowed) {
        throw new AppError('RATE_LIMITED', CHATBOT_ACTION_MESSAGES.tooManyTests, { 'retry-after': String(limit.retryAfterSeconds) });
      }
      return testChatbotAction(deps(), organizationId, request.params.id, request.params.actionId, request.body.arguments);
    },
  );
};
