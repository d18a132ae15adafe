import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { launchMaterialsSchema } from '@parley/shared/contracts/launch-materials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { launchMaterials } from './service';

/** Launch Materials (spec part 1 §2 sidebar: system_admin and developer). */
export const launchMaterialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/launch-materials',
    {
      config: { access: 'developer' },
      schema: {
        tags: ['launch materials'],
        summary: 'The launch checklist, computed from this installation',
        response: { 200: launchMaterialsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      // Widget config requests of the last second are still in this process's buffer.
      await app.apiUsage.flush();
      return launchMaterials(app.db, app.config);
    },
  );
};
