import { tokenPackageBodySchema, tokenPackageListSchema, tokenPackageSchema, updateTokenPackageBodySchema } from '@parley/shared/contracts/token-packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCatalogueRoutes } from '../../plugins/catalogue-routes';
import { createTokenPackage, deleteTokenPackage, listTokenPackages, updateTokenPackage } from './service';

/** Token Package Management (spec part 2 §2, §7): system_admin only. */
export const tokenPackageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCatalogueRoutes(app, {
    path: '/api/admin/token-packages',
    access: 'system_admin',
    tags: ['token packages'],
    summaries: {
      list: 'Every token package, smallest first',
      create: 'Add a token package',
      update: 'Change a token package',
      delete: 'Delete a token package',
    },
    schemas: { item: tokenPackageSchema, list: tokenPackageListSchema, create: tokenPackageBodySchema, update: updateTokenPackageBodySchema },
    list: (db) => listTokenPackages(db),
    create: (db, body, actor) => createTokenPackage(db, body, actor.id, actor.context),
    update: (db, id, body, actor) => updateTokenPackage(db, id, body, actor.id, actor.context),
    remove: (db, id, actor) => deleteTokenPackage(db, id, actor.id, actor.context),
  });
};
