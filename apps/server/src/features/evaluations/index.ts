import { defineFeature } from '../../plugins/features';
import { startEvaluationWorker } from './job';
import { evaluationRoutes } from './routes';

export { queueRunAfterTrainingChange } from './runs';

/** The evaluations feature: its routes and background work, registered by app.ts with the others. */
export const evaluationsFeature = defineFeature('evaluations', async (app) => {
  await app.register(evaluationRoutes);
  app.backgroundWork.push({ name: 'evaluation runs', start: () => startEvaluationWorker(app) });
});
