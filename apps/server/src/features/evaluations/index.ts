export { startEvaluationWorker } from './job';
export { evaluationRoutes } from './routes';
export { queueRunAfterTrainingChange } from './runs';
