import {
  actionStatsQuerySchema,
  actionStatsSchema,
  analyticsExportListSchema,
  analyticsExportSchema,
  analyticsQuerySchema,
  analyticsSummarySchema,
  createExportBodySchema,
  createScheduleBodySchema,
  exportListQuerySchema,
  exportScheduleListSchema,
  exportScheduleSchema,
  topQuestionsQuerySchema,
  topQuestionsSchema,
  updateScheduleBodySchema,
} from '@parley/shared/contracts/analytics';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { actionStats } from './actions';
import type { Mailer } from '../../providers/email/mailer';
import { enqueueExport, exportDeps } from './export-job';
import { createExport, deleteExport, getExport, listExports, openExportDownload } from './exports';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules';
import { analyticsSummary, topQuestions } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, options) => {
  /** The caller and the organization the request acts in (analytics and exports take an admin of it). */
  async function caller(request: FastifyRequest): Promise<{ userId: string; organizationId: string }> {
    return { userId: requireIdentity(request).user.id, organizationId: requireMembership(request).organizationId };
  }

  app.get(
    '/api/analytics/summary',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'Totals, the previous period’s totals, and figures per day, hour of day and chatbot',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSummarySchema, ...errors },
      },
    },
    async (request) => analyticsSummary(app.db, (await caller(request)).organizationId, request.query),
  );

  app.get(
    '/api/analytics/top-questions',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'The questions asked most in the period (UTC days), similar wordings grouped',
        querystring: topQuestionsQuerySchema,
        response: { 200: topQuestionsSchema, ...errors },
      },
    },
    async (request) => topQuestions(app.db, (await caller(request)).organizationId, request.query),
  );

  app.get(
    '/api/analytics/actions',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'The chatbots’ action calls in the period: per action, calls, success rate, average duration and last error',
        querystring: actionStatsQuerySchema,
        response: { 200: actionStatsSchema, ...errors },
      },
    },
    async (request) => actionStats(app.db, (await caller(request)).organizationId, request.query),
  );

  app.post(
    '/api/analytics/exports',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'Start building a CSV report in the background',
        body: createExportBodySchema,
        response: { 202: analyticsExportSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createExport(app.db, { ...(await caller(request)), body: request.body });
      // The queue is read per request: it starts after the routes are registered.
      await enqueueExport(exportDeps(app, options.mailer), created.id);
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/api/analytics/exports',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'The organization’s exports, newest first',
        querystring: exportListQuerySchema,
        response: { 200: analyticsExportListSchema, ...errors },
      },
    },
    async (request) => listExports(app.db, (await caller(request)).organizationId, request.query),
  );

  app.get(
    '/api/analytics/exports/:id',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: { tags, summary: 'One export and its progress', params: idParamsSchema, response: { 200: analyticsExportSchema, ...errors } },
    },
    async (request) => getExport(app.db, (await caller(request)).organizationId, request.params.id),
  );

  app.get(
    '/api/analytics/exports/:id/download',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'The finished export as a CSV file',
        params: idParamsSchema,
        response: { 200: z.string().describe('text/csv'), 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await openExportDownload(app.db, (await caller(request)).organizationId, request.params.id);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'private, no-store')
          // A stream is sent as it is (no serializer); the schema's string documents the body.
          .send(stream as unknown as string)
      );
    },
  );

  app.delete(
    '/api/analytics/exports/:id',
    {
      config: { access: 'user', permission: 'analytics.view' },
      schema: { tags, summary: 'Delete an export and its file', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteExport(app.db, (await caller(request)).organizationId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/analytics/export-schedules',
    {
      config: { access: 'user', permission: 'analytics.schedule' },
      schema: { tags, summary: 'The organization’s scheduled exports', response: { 200: exportScheduleListSchema, ...errors } },
    },
    async (request) => ({ items: await listSchedules(app.db, (await caller(request)).organizationId) }),
  );

  app.post(
    '/api/analytics/export-schedules',
    {
      config: { access: 'user', permission: 'analytics.schedule' },
      schema: {
        tags,
        summary: 'E-mail a report every day, week or month (built at 06:00 in the schedule’s time zone)',
        body: createScheduleBodySchema,
        response: { 201: exportScheduleSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createSchedule(app.db, { ...(await caller(request)), body: request.body })),
  );

  app.patch(
    '/api/analytics/export-schedules/:id',
    {
      config: { access: 'user', permission: 'analytics.schedule' },
      schema: {
        tags,
        summary: 'Pause or resume a scheduled export',
        params: idParamsSchema,
        body: updateScheduleBodySchema,
        response: { 200: exportScheduleSchema, ...errors },
      },
    },
    async (request) => updateSchedule(app.db, (await caller(request)).organizationId, request.params.id, request.body),
  );

  app.delete(
    '/api/analytics/export-schedules/:id',
    {
      config: { access: 'user', permission: 'analytics.schedule' },
      schema: { tags, summary: 'Stop a scheduled export (its past exports stay)', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteSchedule(app.db, (await caller(request)).organizationId, request.params.id);
      return { ok: true as const };
    },
  );
};
