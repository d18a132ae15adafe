export { meterTokens, pastAllowance } from './metering';
export { usageRoutes } from './routes';
export {
  allowanceAndBalance,
  assertCanCreateChatbot,
  currentPeriod,
  organizationTier,
  tokenAllowance,
  type TokenAllowance,
  UNLIMITED,
  usageSummary,
} from './service';
export { startUsageThresholdEmailWorker } from './threshold-emails';
export { noticeUsageThresholds } from './thresholds';
