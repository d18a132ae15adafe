import { defineFeature } from '../../plugins/features';
import type { FeatureContext } from '../../plugins/features';
import type { StatsSources } from './service';
import { adminDashboardRoutes } from './routes';

/** The dashboard's figures come from other features (chatbots, billing, chat): app.ts gives their sources. */
export interface AdminDashboardFeatureOptions extends FeatureContext {
  statsSources: StatsSources;
}

/** The admin dashboard feature: its routes, registered by app.ts with the others. */
export const adminDashboardFeature = defineFeature<AdminDashboardFeatureOptions>('admin-dashboard', async (app, { rateLimiter, statsSources }) => {
  await app.register(adminDashboardRoutes, { rateLimiter, statsSources });
});
