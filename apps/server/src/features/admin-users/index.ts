export { adminUserRoutes } from './routes';
export { assertNotLastSystemAdminAccount, bootstrapFirstAdmin, getAdminStatus } from './service';
