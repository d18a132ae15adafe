export { cspRoutes } from './routes';
