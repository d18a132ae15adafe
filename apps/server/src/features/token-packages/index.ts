export { tokenPackageRoutes } from './routes';
export { listTokenPackages } from './service';
