export { openAiApiRoutes } from './routes';
