import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  evaluationQuestionBodySchema,
  evaluationQuestionFromMessageBodySchema,
  evaluationQuestionListQuerySchema,
  evaluationQuestionListSchema,
  evaluationQuestionParamsSchema,
  evaluationQuestionSchema,
  evaluationRunDetailSchema,
  evaluationRunListQuerySchema,
  evaluationRunListSchema,
  evaluationRunParamsSchema,
  evaluationRunSchema,
} from '@parley/shared/contracts/evaluations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { addQuestion, addQuestionFromMessage, deleteQuestion, listQuestions, updateQuestion, type ChatbotScope } from './questions';
import { listRuns, readRun, startRun } from './runs';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const tags = ['evaluations'];

/** The caller, their organization and the chatbot of the path. */
function scopeOf(request: FastifyRequest & { params: { id: string } }): ChatbotScope {
  return { organizationId: requireMembership(request).organizationId, chatbotId: request.params.id, userId: requireIdentity(request).user.id };
}

/** A quality tool for those who manage the organization, as retrieval testing is (chatbots.evaluate); members use the test chat. */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chatbots/:id/evaluation-questions',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'A chatbot’s evaluation set, a page at a time, newest first',
        params: idParamsSchema,
        querystring: evaluationQuestionListQuerySchema,
        response: { 200: evaluationQuestionListSchema, ...errors },
      },
    },
    async (request) => listQuestions(app.db, scopeOf(request), request.query),
  );

  app.post(
    '/api/chatbots/:id/evaluation-questions',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'Add a question, with the answer and source expected (or that the chatbot should decline it)',
        params: idParamsSchema,
        body: evaluationQuestionBodySchema,
        response: { 201: evaluationQuestionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addQuestion(app.db, scopeOf(request), request.body)),
  );

  app.post(
    '/api/chatbots/:id/evaluation-questions/from-message',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'Add the visitor’s question an answer replied to (an answer that got a thumbs-down, say), by the answer’s id',
        params: idParamsSchema,
        body: evaluationQuestionFromMessageBodySchema,
        response: { 201: evaluationQuestionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addQuestionFromMessage(app.db, scopeOf(request), request.body.messageId)),
  );

  app.put(
    '/api/chatbots/:id/evaluation-questions/:questionId',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'Change a question and what is expected of its answer',
        params: evaluationQuestionParamsSchema,
        body: evaluationQuestionBodySchema,
        response: { 200: evaluationQuestionSchema, ...errors },
      },
    },
    async (request) => updateQuestion(app.db, { ...scopeOf(request), questionId: request.params.questionId }, request.body),
  );

  app.delete(
    '/api/chatbots/:id/evaluation-questions/:questionId',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'Delete a question (past runs keep their copy of it)',
        params: evaluationQuestionParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteQuestion(app.db, { ...scopeOf(request), questionId: request.params.questionId });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/chatbots/:id/evaluation-runs',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'Run the evaluation set now (a background job; 409 while one is waiting or running)',
        params: idParamsSchema,
        response: { 201: evaluationRunSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await startRun(app.db, app.jobs, scopeOf(request))),
  );

  app.get(
    '/api/chatbots/:id/evaluation-runs',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'A chatbot’s evaluation runs with their progress and scores, a page at a time, newest first',
        params: idParamsSchema,
        querystring: evaluationRunListQuerySchema,
        response: { 200: evaluationRunListSchema, ...errors },
      },
    },
    async (request) => listRuns(app.db, scopeOf(request), request.query),
  );

  app.get(
    '/api/chatbots/:id/evaluation-runs/:runId',
    {
      config: { access: 'user', permission: 'chatbots.evaluate' },
      schema: {
        tags,
        summary: 'One evaluation run with each question’s result',
        params: evaluationRunParamsSchema,
        response: { 200: evaluationRunDetailSchema, ...errors },
      },
    },
    async (request) => readRun(app.db, { ...scopeOf(request), runId: request.params.runId }),
  );
};
