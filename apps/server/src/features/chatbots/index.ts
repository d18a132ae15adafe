export { chatbotRoutes } from './routes';
export { chatbotCounts, findChatbotInOrganization, recentConversationCount } from './service';
