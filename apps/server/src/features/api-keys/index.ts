export { apiKeyRoutes } from './routes';
export { authenticateApiKey } from './service';
