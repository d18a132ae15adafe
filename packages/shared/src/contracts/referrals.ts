import { z } from 'zod';
import { REFERRAL_CODE_PATTERN, REFERRAL_QUERY_PARAM, REFERRAL_STORAGE_KEY } from '../constants';
import { idSchema, pageQuerySchema, paginated } from './common';

/**
 * Referrals (spec part 1 §1, §2: two screens whose content is not shown; decided in docs/decisions/README.md). A customer
 * shares `/auth?ref=<code>`; a sign-up through it is attributed; when the referred customer's organization first
 * pays, both organizations are credited the reward tokens set in Referral settings, once.
 */

/** Codes are 8 characters of an unambiguous alphabet; the pattern accepts what a person may retype. */
export const REFERRAL_CODE_LENGTH = 8;
export const referralCodeSchema = z
  .string()
  .trim()
  .regex(REFERRAL_CODE_PATTERN, 'referralCode must be 6 to 16 letters or digits')
  .transform((v) => v.toUpperCase());
export { REFERRAL_CODE_PATTERN, REFERRAL_QUERY_PARAM, REFERRAL_STORAGE_KEY };

/** POST /api/referrals/claim: the link a new account arrived by, sent after a sign-up that could not carry it (SSO). */
export const claimReferralBodySchema = z.object({ referralCode: referralCodeSchema });
export const claimReferralResultSchema = z.object({ attributed: z.boolean() });

export const REFERRAL_REWARD_TOKENS_MAX = 10_000_000;
export const REFERRAL_CAP_MAX = 10_000;
/** -1: no cap. */
export const REFERRAL_UNLIMITED = -1;
export const REFERRAL_DEFAULTS = { enabled: false, rewardTokens: 10_000, maxRewardsPerReferrer: 10 } as const;

export const REFERRAL_MESSAGES = {
  settingsSaved: 'Referral settings saved successfully',
  settingsFailed: 'Failed to save referral settings',
  loadFailed: 'Failed to load referrals',
  rewardInvalid: `Reward tokens must be a whole number from 1 to ${REFERRAL_REWARD_TOKENS_MAX.toLocaleString('en-US')}`,
  capInvalid: `The cap must be -1 (no cap) or a whole number from 0 to ${REFERRAL_CAP_MAX.toLocaleString('en-US')}`,
} as const;

export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  rewardTokens: z.number().int(),
  maxRewardsPerReferrer: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const referralSettingsFormSchema = z.object({
  enabled: z.boolean(),
  rewardTokens: z
    .number({ error: REFERRAL_MESSAGES.rewardInvalid })
    .int(REFERRAL_MESSAGES.rewardInvalid)
    .min(1, REFERRAL_MESSAGES.rewardInvalid)
    .max(REFERRAL_REWARD_TOKENS_MAX, REFERRAL_MESSAGES.rewardInvalid),
  maxRewardsPerReferrer: z
    .number({ error: REFERRAL_MESSAGES.capInvalid })
    .int(REFERRAL_MESSAGES.capInvalid)
    .min(REFERRAL_UNLIMITED, REFERRAL_MESSAGES.capInvalid)
    .max(REFERRAL_CAP_MAX, REFERRAL_MESSAGES.capInvalid),
});
export type ReferralSettingsForm = z.infer<typeof referralSettingsFormSchema>;
export const updateReferralSettingsBodySchema = referralSettingsFormSchema;

export const REFERRAL_STATUSES = ['signed_up', 'converted'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const referrerSummarySchema = z.object({
  userId: idSchema,
  email: z.string(),
  name: z.string().nullable(),
  code: z.string(),
  signUps: z.number().int(),
  conversions: z.number().int(),
  rewardsGranted: z.number().int(),
  tokensEarned: z.number().int(),
});
export type ReferrerSummary = z.infer<typeof referrerSummarySchema>;
/** GET /api/admin/referrals/referrers: every referrer, most sign-ups first, a page at a time. */
export const referrerListQuerySchema = pageQuerySchema;
export const referrerListSchema = paginated(referrerSummarySchema);

export const referralDashboardSchema = z.object({
  settings: referralSettingsSchema,
  summary: z.object({
    referrers: z.number().int(),
    signUps: z.number().int(),
    conversions: z.number().int(),
    tokensGranted: z.number().int(),
  }),
});
export type ReferralDashboard = z.infer<typeof referralDashboardSchema>;

export const referralItemSchema = z.object({
  id: idSchema,
  code: z.string(),
  referrerEmail: z.string().nullable(),
  referredEmail: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  signedUpAt: z.string(),
  convertedAt: z.string().nullable(),
  referrerRewardTokens: z.number().int(),
  referredRewardTokens: z.number().int(),
  /** Why a conversion earned less than the full reward (cap reached, programme off), else null. */
  rewardNote: z.string().nullable(),
});
export type ReferralItem = z.infer<typeof referralItemSchema>;
export const referralListQuerySchema = pageQuerySchema.extend({ status: z.enum(['all', ...REFERRAL_STATUSES]).default('all') });
export const referralListSchema = paginated(referralItemSchema);

/** GET /api/referrals/me: the customer's own link and what it earned. */
export const myReferralSchema = z.object({
  enabled: z.boolean(),
  code: z.string(),
  link: z.string(),
  rewardTokens: z.number().int(),
  signUps: z.number().int(),
  conversions: z.number().int(),
  tokensEarned: z.number().int(),
  /** The referrer earns no more rewards (the cap is reached); referred friends still get theirs. */
  capReached: z.boolean(),
});
export type MyReferral = z.infer<typeof myReferralSchema>;
