export { chatRoutes } from './routes';
export { answerChatMessage } from './service';
