export { securityMonitoringRoutes } from './routes';
