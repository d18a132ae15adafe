export { userRoutes } from './routes';
