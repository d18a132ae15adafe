export { cachedChatbot, createPublicAccess } from './public-access';
export { widgetRoutes } from './routes';
