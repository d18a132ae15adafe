export { publicPricingRoutes } from './routes';
