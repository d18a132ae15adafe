export { launchMaterialsRoutes } from './routes';
