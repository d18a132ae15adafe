export { systemApiKeyRoutes } from './routes';
