export { retrievalTestingRoutes } from './routes';
