import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { dataExportListSchema, dataExportSchema } from '@parley/shared/contracts/data-exports';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import { z } from 'zod';
import { requireIdentity, requireMembership } from '../../plugins/access';
import { dataExportDeps, enqueueDataExport } from './job';
import { createDataExport, deleteDataExport, getDataExport, listDataExports, openDataExportDownload } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['data exports'];

/** All of an organization's data: its owners and admins only (permission organization.export on every route). */
export const dataExportRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  app.post(
    '/api/data-exports',
    {
      config: { access: 'user', permission: 'organization.export' },
      schema: {
        tags,
        summary: 'Start building an archive (ZIP) of all of the organization’s data',
        response: { 202: dataExportSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createDataExport(
        { db: app.db, rateLimiter },
        { organizationId: requireMembership(request).organizationId, userId: requireIdentity(request).user.id },
      );
      // The queue is read per request: it starts after the routes are registered.
      await enqueueDataExport(dataExportDeps(app), created.id);
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/api/data-exports',
    {
      config: { access: 'user', permission: 'organization.export' },
      schema: { tags, summary: 'The organization’s archives of the last 7 days, newest first', response: { 200: dataExportListSchema, ...errors } },
    },
    async (request) => ({ items: await listDataExports(app.db, requireMembership(request).organizationId) }),
  );

  app.get(
    '/api/data-exports/:id',
    {
      config: { access: 'user', permission: 'organization.export' },
      schema: { tags, summary: 'One archive and its progress', params: idParamsSchema, response: { 200: dataExportSchema, ...errors } },
    },
    async (request) => getDataExport(app.db, requireMembership(request).organizationId, request.params.id),
  );

  app.get(
    '/api/data-exports/:id/download',
    {
      config: { access: 'user', permission: 'organization.export' },
      schema: {
        tags,
        summary: 'The finished archive (application/zip)',
        params: idParamsSchema,
        response: { 200: z.string().describe('application/zip'), 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, sizeBytes, stream } = await openDataExportDownload(app.db, requireMembership(request).organizationId, request.params.id);
      return (
        reply
          .type('application/zip')
          .header('content-length', String(sizeBytes))
          .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'private, no-store')
          // A stream is sent as it is (no serializer); the schema's string documents the body.
          .send(stream as unknown as string)
      );
    },
  );

  app.delete(
    '/api/data-exports/:id',
    {
      config: { access: 'user', permission: 'organization.export' },
      schema: { tags, summary: 'Delete an archive before its 7 days are up', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteDataExport(app.db, requireMembership(request).organizationId, request.params.id);
      return { ok: true as const };
    },
  );
};
