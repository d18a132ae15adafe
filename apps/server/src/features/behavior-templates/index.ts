export { behaviorTemplateRoutes } from './routes';
