import type { z } from 'zod';
import type { claimReferralBodySchema, claimReferralResultSchema } from '@parley/shared/contracts/referrals';
import { api } from '@/lib/api-client';

/**
 * POST /api/referrals/claim: after a sign-in that may have made the account (single sign-on), the referral link the
 * visitor arrived by. The server attributes only an account made in the last ten minutes, once.
 */
export function claimReferral(referralCode: string): Promise<z.infer<typeof claimReferralResultSchema>> {
  const body: z.input<typeof claimReferralBodySchema> = { referralCode };
  return api.post('/api/referrals/claim', body);
}
