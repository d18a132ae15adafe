export { tokenConversionRoutes } from './routes';
