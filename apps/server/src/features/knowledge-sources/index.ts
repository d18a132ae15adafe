import { defineFeature } from '../../plugins/features';
import { knowledgeSourceRoutes } from './routes';
import { startIngestionWorker } from './worker';

export { requeueUnfinishedSources } from './service';

/** The knowledge sources feature: its routes and background work, registered by app.ts with the others. */
export const knowledgeSourcesFeature = defineFeature(
  'knowledge-sources',
  async (app) => {
    await app.register(knowledgeSourceRoutes);
    app.backgroundWork.push({ name: 'document ingestion', start: () => startIngestionWorker(app) });
  },
  ['system-configuration'],
);
