export { startHandoffAlertWorker } from './alerts';
export { publicHandoffRoutes } from './public-routes';
export { handoffRoutes } from './routes';
export { asksForPerson, findOpenHandoff, recordVisitorMessage, requestHandoff } from './service';
