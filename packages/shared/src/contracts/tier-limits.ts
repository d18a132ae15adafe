import { z } from 'zod';
import { API_KEY_REQUESTS_PER_MINUTE, PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE, UNLIMITED } from '../constants';
import { expectedUpdatedAtSchema, idSchema } from './common';

/**
 * Subscription Tier Limits (spec part 2 §2, §3 subscription_tier_limits, §4, §5, §7, §8, §9). -1 means unlimited.
 * The same rows are the plans of the pricing screen (contracts/pricing-plans.ts).
 */

/** Decided bounds (not in the spec; see docs/decisions/README.md). */
export const TIERS_MAX = 50;
export const TIER_ID_MAX = 50;
export const TIER_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const TIER_DISPLAY_NAME_MAX = 100;
export const TIER_DESCRIPTION_MAX = 500;
/** Fits the database's integer columns. */
export const TIER_LIMIT_MAX = 2_000_000_000;
/** A tier's rate limits are 1 to this many requests a minute (never unlimited: they protect the installation). */
export const TIER_RATE_LIMIT_MAX = 100_000;

/**
 * The rate limits a tier sets, per minute, with their defaults (every tier's, until a system admin changes them on
 * Tier Limits) and how they are named on screens and in the Plans tab's enforcement card.
 */
export const TIER_RATE_LIMITS = {
  apiKeyRequestsPerMinute: { default: API_KEY_REQUESTS_PER_MINUTE, label: 'API requests per minute', scope: 'per API key' },
  chatbotMessagesPerMinute: { default: PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, label: 'Chat messages per minute', scope: 'per chatbot (widget and API)' },
  visitorMessagesPerMinute: { default: PUBLIC_CHAT_PER_IP_PER_MINUTE, label: 'Widget messages per minute', scope: 'per visitor IP, per chatbot' },
} as const;
export type TierRateLimitKey = keyof typeof TIER_RATE_LIMITS;
export const TIER_RATE_LIMIT_KEYS = Object.keys(TIER_RATE_LIMITS) as TierRateLimitKey[];
export type TierRateLimits = Record<TierRateLimitKey, number>;
export const DEFAULT_TIER_RATE_LIMITS: TierRateLimits = {
  apiKeyRequestsPerMinute: TIER_RATE_LIMITS.apiKeyRequestsPerMinute.default,
  chatbotMessagesPerMinute: TIER_RATE_LIMITS.chatbotMessagesPerMinute.default,
  visitorMessagesPerMinute: TIER_RATE_LIMITS.visitorMessagesPerMinute.default,
};

/**
 * The chatbot actions a tier allows (decisions/0047-chatbot-actions.md): actions on one chatbot (-1: unlimited), and
 * calls of them the model may make while answering one message (never unlimited: it bounds a loop of tool calls).
 */
export const TIER_ACTION_CALLS_PER_TURN_MAX = 20;
export const TIER_ACTION_LIMITS = {
  maxActionsPerChatbot: { default: 5, label: 'Actions per chatbot' },
  maxActionCallsPerTurn: { default: 3, label: 'Action calls per answer' },
} as const;
export type TierActionLimitKey = keyof typeof TIER_ACTION_LIMITS;
export type TierActionLimits = Record<TierActionLimitKey, number>;

/** User-facing text; quoted strings are the spec's (§5, §8). */
export const TIER_MESSAGES = {
  fetchFailed: 'Failed to fetch subscription tiers',
  statusFailed: 'Failed to update tier status',
  deleteFailed: 'Failed to delete tier',
  createFailed: 'Failed to create tier',
  updateFailed: 'Failed to update tier',
  activated: 'Tier activated successfully',
  deactivated: 'Tier deactivated successfully',
  deleted: 'Tier deleted successfully',
  created: 'Tier created successfully',
  updated: 'Tier updated successfully',
  required: 'Tier name, token limit, and handoff limit are required',
  tierIdFormat: 'Tier ID may contain only lowercase letters, digits, hyphens and underscores',
  tierIdTooLong: `Tier ID must be at most ${TIER_ID_MAX} characters`,
  displayNameRequired: 'Display name is required',
  monthlyLimitInvalid: 'The monthly limit must be -1 (unlimited) or a whole number above 0',
  handoffLimitInvalid: 'The handoff limit must be -1 (unlimited) or a whole number, 0 or more',
  chatbotLimitInvalid: 'The chatbot limit must be -1 (unlimited) or a whole number above 0',
  actionsLimitInvalid: 'Actions per chatbot must be -1 (unlimited) or a whole number, 0 or more',
  actionCallsLimitInvalid: `Action calls per answer must be a whole number from 0 to ${TIER_ACTION_CALLS_PER_TURN_MAX}`,
  rateLimitInvalid: (label: string) => `${label} must be a whole number from 1 to ${TIER_RATE_LIMIT_MAX.toLocaleString('en-US')}`,
  exists: 'A tier with this ID already exists.',
  notFound: 'Tier not found.',
  tooMany: `There can be at most ${TIERS_MAX} tiers.`,
  freeIsFallback: 'The free tier is where every organization falls back to: it cannot be deleted or deactivated.',
  inUse: (count: number, name: string) =>
    `${count} organization${count === 1 ? ' is' : 's are'} on the ${name} tier. Move ${count === 1 ? 'it' : 'them'} to another tier first.`,
  syncNote:
    'Tiers synchronise automatically: usage limits are read from these rows on every chat message, chatbot creation and handoff request, and the Active Chatbots and AI Tokens/month lines of each plan on the pricing page follow these limits.',
} as const;

const limitNumber = (message: string) => z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? TIER_MESSAGES.required : message) });

/** Monthly token limit: required and not zero (spec §5), -1 or more than 0. */
export const monthlyTokenLimitSchema = limitNumber(TIER_MESSAGES.monthlyLimitInvalid)
  .int(TIER_MESSAGES.monthlyLimitInvalid)
  .refine((value) => value !== 0, TIER_MESSAGES.required)
  .refine((value) => value === UNLIMITED || (value > 0 && value <= TIER_LIMIT_MAX), TIER_MESSAGES.monthlyLimitInvalid);

export const maxHandoffsSchema = limitNumber(TIER_MESSAGES.handoffLimitInvalid)
  .int(TIER_MESSAGES.handoffLimitInvalid)
  .refine((value) => value === UNLIMITED || (value >= 0 && value <= TIER_LIMIT_MAX), TIER_MESSAGES.handoffLimitInvalid);

export const maxChatbotsSchema = z
  .number({ error: TIER_MESSAGES.chatbotLimitInvalid })
  .int(TIER_MESSAGES.chatbotLimitInvalid)
  .refine((value) => value === UNLIMITED || (value > 0 && value <= TIER_LIMIT_MAX), TIER_MESSAGES.chatbotLimitInvalid);

export const maxActionsPerChatbotSchema = z
  .number({ error: TIER_MESSAGES.actionsLimitInvalid })
  .int(TIER_MESSAGES.actionsLimitInvalid)
  .refine((value) => value === UNLIMITED || (value >= 0 && value <= TIER_LIMIT_MAX), TIER_MESSAGES.actionsLimitInvalid);

export const maxActionCallsPerTurnSchema = z
  .number({ error: TIER_MESSAGES.actionCallsLimitInvalid })
  .int(TIER_MESSAGES.actionCallsLimitInvalid)
  .min(0, TIER_MESSAGES.actionCallsLimitInvalid)
  .max(TIER_ACTION_CALLS_PER_TURN_MAX, TIER_MESSAGES.actionCallsLimitInvalid);

export const tierRateLimitSchema = (key: TierRateLimitKey) => {
  const message = TIER_MESSAGES.rateLimitInvalid(TIER_RATE_LIMITS[key].label);
  return z.number({ error: message }).int(message).min(1, message).max(TIER_RATE_LIMIT_MAX, message);
};

export const tierIdSchema = z
  .string({ error: TIER_MESSAGES.required })
  .trim()
  .min(1, TIER_MESSAGES.required)
  .max(TIER_ID_MAX, TIER_MESSAGES.tierIdTooLong)
  .regex(TIER_ID_PATTERN, TIER_MESSAGES.tierIdFormat);
export const tierParamsSchema = z.object({ tier: tierIdSchema });

export const tierDisplayNameSchema = z
  .string({ error: TIER_MESSAGES.displayNameRequired })
  .trim()
  .min(1, TIER_MESSAGES.displayNameRequired)
  .max(TIER_DISPLAY_NAME_MAX, `Display name must be at most ${TIER_DISPLAY_NAME_MAX} characters`);
export const tierDescriptionSchema = z.string().trim().max(TIER_DESCRIPTION_MAX, `Description must be at most ${TIER_DESCRIPTION_MAX} characters`).default('');

export const tierSchema = z.object({
  id: idSchema,
  tier: z.string(),
  displayName: z.string(),
  description: z.string(),
  monthlyTokenLimit: z.number().int(),
  maxHandoffsPerMonth: z.number().int(),
  maxChatbots: z.number().int(),
  apiKeyRequestsPerMinute: z.number().int(),
  chatbotMessagesPerMinute: z.number().int(),
  visitorMessagesPerMinute: z.number().int(),
  // Always sent by the server; optional so that screens written before actions still type-check.
  maxActionsPerChatbot: z.number().int().optional(),
  maxActionCallsPerTurn: z.number().int().optional(),
  priceMonthlyCents: z.number().int(),
  priceAnnualCents: z.number().int(),
  sortOrder: z.number().int(),
  isPopular: z.boolean(),
  isActive: z.boolean(),
  ctaText: z.string(),
  updatedAt: z.string(),
  /** Organizations on this tier: such a tier can be neither deleted nor deactivated. */
  organizationCount: z.number().int(),
});
export type Tier = z.infer<typeof tierSchema>;

export const tierListSchema = z.object({ items: z.array(tierSchema) });
export type TierList = z.infer<typeof tierListSchema>;

/** The edit panel (the plan's prices and presentation live on the pricing screen). */
const tierLimitsBodySchema = z.object({
  displayName: tierDisplayNameSchema,
  description: tierDescriptionSchema,
  monthlyTokenLimit: monthlyTokenLimitSchema,
  maxHandoffsPerMonth: maxHandoffsSchema,
  maxChatbots: maxChatbotsSchema,
  // Left out: a new tier gets the defaults, a change keeps the tier's current limits.
  apiKeyRequestsPerMinute: tierRateLimitSchema('apiKeyRequestsPerMinute').optional(),
  chatbotMessagesPerMinute: tierRateLimitSchema('chatbotMessagesPerMinute').optional(),
  visitorMessagesPerMinute: tierRateLimitSchema('visitorMessagesPerMinute').optional(),
  maxActionsPerChatbot: maxActionsPerChatbotSchema.optional(),
  maxActionCallsPerTurn: maxActionCallsPerTurnSchema.optional(),
  isActive: z.boolean().default(true),
});

/** A change, made on the version of the tier the admin saw (refused with 409 when another admin saved it since). */
export const updateTierBodySchema = tierLimitsBodySchema.extend({ expectedUpdatedAt: expectedUpdatedAtSchema });
export type UpdateTierBody = z.input<typeof updateTierBodySchema>;

export const createTierBodySchema = tierLimitsBodySchema.extend({ tier: tierIdSchema });
export type CreateTierBody = z.input<typeof createTierBodySchema>;

export const setTierActiveBodySchema = z.object({ isActive: z.boolean() });
