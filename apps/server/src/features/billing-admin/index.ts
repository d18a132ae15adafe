export { billingReportTime, revenueLast30Days } from './analytics';
export { billingAdminRoutes } from './routes';
