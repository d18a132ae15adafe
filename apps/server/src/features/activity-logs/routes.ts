import {
  ACTIVITY_EXPORT_TOTAL_HEADER,
  activityFilterOptionsSchema,
  activityFilterSchema,
  activityLogPageQuerySchema,
  activityLogPageSchema,
} from '@parley/shared/contracts/activity-logs';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openActivityExport } from './export';
import { activityFilterOptions, listActivityPage } from './query';

const errors = errorResponses(400, 401, 403);
const tags = ['activity logs'];

/** The Activity Logs page (spec §2: system_admin): paged, filtered, exported. The dashboard's 5 latest are in admin-dashboard. */
export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/activity',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Admin activity entries matching the filters, newest first, a page at a time, with the summary cards',
        querystring: activityLogPageQuerySchema,
        response: { 200: activityLogPageSchema, ...errors },
      },
    },
    async (request) => listActivityPage(app.db, request.query),
  );

  app.get(
    '/api/admin/activity/filters',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'The actions, resource types and admins the log holds', response: { 200: activityFilterOptionsSchema, ...errors } },
    },
    async () => activityFilterOptions(app.db),
  );

  app.get(
    '/api/admin/activity/export',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: `The entries matching the filters as CSV, newest first; the ${ACTIVITY_EXPORT_TOTAL_HEADER} header says how many rows follow`,
        querystring: activityFilterSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { total, fileName, stream } = await openActivityExport(app.db, request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .header(ACTIVITY_EXPORT_TOTAL_HEADER, String(total))
          // A stream is sent as it is (no serializer); the schema's string documents the body.
          .send(stream as unknown as string)
      );
    },
  );
};
