export { startAccountDeletionWorker } from './job';
export { accountDeletionRoutes } from './routes';
export { cancelDeletionOnSignIn } from './sign-in';
