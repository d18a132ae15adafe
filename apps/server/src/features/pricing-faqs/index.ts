export { pricingFaqRoutes } from './routes';
export { listFaqs } from './service';
