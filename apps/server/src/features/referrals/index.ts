export { referralRoutes } from './routes';
export { attributeNewSignUp, grantReferralRewardsOnFirstPayment } from './service';
