import { defineFeature } from '../../plugins/features';
import { startDataExportWorker } from './job';
import { dataExportRoutes } from './routes';

/** The data exports feature: its routes and background work, registered by app.ts with the others. */
export const dataExportsFeature = defineFeature('data-exports', async (app, { rateLimiter }) => {
  await app.register(dataExportRoutes, { rateLimiter });
  app.backgroundWork.push({ name: 'data exports', start: () => startDataExportWorker(app) });
});
