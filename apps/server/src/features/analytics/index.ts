export { CSV_BOM, csvRow } from './csv';
export { startAnalyticsExportWorker } from './export-job';
export { questionKey } from './question-key';
export { backfillChatStatsIfEmpty } from './rebuild';
export { analyticsRoutes } from './routes';
export { startAnalyticsScheduler } from './schedules';
export { addChatStats, chatStatsUpsert, hourOf, questionStatsUpsert } from './stats';
