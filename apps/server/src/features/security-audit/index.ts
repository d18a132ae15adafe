export { routeInventoryPlugin } from './route-inventory';
export { securityAuditRoutes } from './routes';
export { latestAuditSummary } from './service';
