export { systemConfigurationRoutes } from './routes';
