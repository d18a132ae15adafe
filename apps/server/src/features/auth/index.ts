export { authBridgePlugin } from './auth-bridge';
export { authRoutes } from './routes';
