export { notificationPreferenceRoutes } from './routes';
export { userIdsThatWant } from './service';
