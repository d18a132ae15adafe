import { defineFeature } from '../../plugins/features';
import { billingAdminRoutes } from './routes';

export { billingReportTime, revenueLast30Days } from './analytics';

/** The billing admin feature: its routes, registered by app.ts with the others; its alerts follow billing's events. */
export const billingAdminFeature = defineFeature(
  'billing-admin',
  async (app) => {
    await app.register(billingAdminRoutes);
  },
  ['billing'],
);
