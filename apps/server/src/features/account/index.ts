import { defineFeature } from '../../plugins/features';
import { accountRoutes } from './routes';
import { sessionActivityPlugin } from './sessions';

export { headersOf } from './auth-api';
export { createAccountAuthCalls } from './auth-calls';

/** The account feature: its routes, registered by app.ts with the others. */
export const accountFeature = defineFeature('account', async (app, { auth }) => {
  await app.register(sessionActivityPlugin);
  await app.register(accountRoutes, { auth });
});
