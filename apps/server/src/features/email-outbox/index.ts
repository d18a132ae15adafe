export { emailOutboxRoutes } from './routes';
