export { startStaffMessageEmailWorker } from './emails';
export { notificationRoutes } from './routes';
