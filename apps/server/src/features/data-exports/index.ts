export { startDataExportWorker } from './job';
export { dataExportRoutes } from './routes';
