export { RATE_LIMIT_STATUS } from './rate-limits';
export { pricingPlanRoutes } from './routes';
export { featuresOf } from './service';
