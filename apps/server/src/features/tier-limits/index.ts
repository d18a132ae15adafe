export { type CountedLimit, countLimits, RATE_LIMIT_EXPOSED_HEADERS, rateLimitHeaders, tierRateLimits } from './rate-limits';
export { tierLimitRoutes } from './routes';
export { deleteTierRow, lockTier, organizationCounts, prepareNewTier, type RequestContext, syncLimitFeatures, type TierRow, type Tx } from './service';
