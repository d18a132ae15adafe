export { adminAuthRoutes } from './routes';
