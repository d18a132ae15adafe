export { headersOf } from './auth-api';
export { createAccountAuthCalls } from './auth-calls';
export { accountRoutes } from './routes';
export { sessionActivityPlugin } from './sessions';
