import { defineFeature } from '../../plugins/features';
import { startAnalyticsExportWorker } from './export-job';
import { backfillChatStatsIfEmpty } from './rebuild';
import { analyticsRoutes } from './routes';
import { startAnalyticsScheduler } from './schedules';
import { analyticsTurns } from './turn-stats';

export { CSV_BOM, csvRow } from './csv';

export { questionKey } from './question-key';

export { addChatStats } from './stats';

/** The analytics feature: its routes and background work, registered by app.ts with the others. */
export const analyticsFeature = defineFeature('analytics', async (app, { mailer }) => {
  await app.register(analyticsRoutes, { mailer });
  app.chatTurns.subscribe(analyticsTurns);
  app.backgroundWork.push({ name: 'analytics exports', start: () => startAnalyticsExportWorker(app, mailer) });
  app.backgroundWork.push({ name: 'scheduled analytics exports', start: () => startAnalyticsScheduler(app, mailer) });
  app.backgroundWork.push({
    name: 'analytics rollups backfill',
    // An installation upgraded from before the analytics rollups gets them computed once.
    start: async () => {
      if (await backfillChatStatsIfEmpty(app.db)) app.log.info('analytics rollups computed from the stored conversations');
    },
  });
});
