import { defineFeature } from '../../plugins/features';
import { startAccountDeletionWorker } from './job';
import { accountDeletionRoutes } from './routes';

export { cancelDeletionOnSignIn } from './sign-in';

/**
 * The account deletion feature: its routes and background work, registered by app.ts with the others. Its job ends the
 * paid plans of the organizations it deletes through billing's context (app.billing).
 */
export const accountDeletionFeature = defineFeature(
  'account-deletion',
  async (app, { auth, mailer }) => {
    await app.register(accountDeletionRoutes, { auth, mailer });
    app.backgroundWork.push({ name: 'account deletions', start: () => startAccountDeletionWorker(app, mailer) });
  },
  ['billing'],
);
