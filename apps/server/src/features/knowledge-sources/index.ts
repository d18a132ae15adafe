export { knowledgeSourceRoutes } from './routes';
export { requeueUnfinishedSources } from './service';
export { startIngestionWorker } from './worker';
