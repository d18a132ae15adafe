export { listActivity } from './query';
export { activityLogRoutes } from './routes';
