import { defineFeature } from '../../plugins/features';
import { adminUserRoutes } from './routes';

export { assertNotLastSystemAdminAccount, bootstrapFirstAdmin, getAdminStatus } from './service';

/** The admin users feature: its routes, registered by app.ts with the others. */
export const adminUsersFeature = defineFeature('admin-users', async (app) => {
  await app.register(adminUserRoutes);
});
