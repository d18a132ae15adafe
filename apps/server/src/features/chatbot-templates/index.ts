export { chatbotTemplateRoutes } from './routes';
