import { defineFeature } from '../../plugins/features';
import { tierLimitRoutes } from './routes';

export { type CountedLimit, countLimits, RATE_LIMIT_EXPOSED_HEADERS, rateLimitHeaders, tierRateLimits } from './rate-limits';

export { deleteTierRow, lockTier, organizationCounts, prepareNewTier, syncLimitFeatures, type TierRow } from './service';

/** The tier limits feature: its routes, registered by app.ts with the others. */
export const tierLimitsFeature = defineFeature('tier-limits', async (app) => {
  await app.register(tierLimitRoutes);
});
