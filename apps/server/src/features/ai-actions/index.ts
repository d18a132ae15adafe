export { aiActionRoutes } from './routes';
