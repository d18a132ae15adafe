import { defineFeature } from '../../plugins/features';
import { referralRoutes } from './routes';

export { attributeNewSignUp, grantReferralRewardsOnFirstPayment } from './service';

/** The referrals feature: its routes, registered by app.ts with the others. */
export const referralsFeature = defineFeature('referrals', async (app) => {
  await app.register(referralRoutes);
});
