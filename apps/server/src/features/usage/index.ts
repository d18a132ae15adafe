import { defineFeature } from '../../plugins/features';
import { usageRoutes } from './routes';
import { startUsageThresholdEmailWorker } from './threshold-emails';
import { usageTurns } from './turn-metering';

export { meterTokens } from './metering';

export {
  allowanceAndBalance,
  assertCanCreateChatbot,
  currentPeriod,
  periodOf,
  organizationTier,
  tokenAllowance,
  type TokenAllowance,
  UNLIMITED,
  usageSummary,
} from './service';

export { noticeUsageThresholds } from './thresholds';

/** The usage feature: its routes and background work, registered by app.ts with the others. */
export const usageFeature = defineFeature('usage', async (app, { mailer }) => {
  await app.register(usageRoutes);
  app.chatTurns.subscribe(usageTurns);
  app.backgroundWork.push({ name: 'usage threshold e-mails', start: () => startUsageThresholdEmailWorker(app, mailer) });
});
