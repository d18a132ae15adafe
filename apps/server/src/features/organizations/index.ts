export { organizationRoutes } from './routes';
export { isPersonalSlug } from './service';
