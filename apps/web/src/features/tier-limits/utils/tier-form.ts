import { NEW_TIER } from '@parley/shared/constants';
import {
  createTierBodySchema,
  DEFAULT_TIER_RATE_LIMITS,
  TIER_MESSAGES,
  updateTierBodySchema,
  type CreateTierBody,
  type Tier,
  type UpdateTierBody,
} from '@parley/shared/contracts/tier-limits';

/** The edit/create panel's fields, as typed. */
export interface TierForm {
  tier: string;
  displayName: string;
  description: string;
  monthlyTokenLimit: string;
  maxHandoffsPerMonth: string;
  maxChatbots: string;
  /** Requests a minute per API key, messages a minute per chatbot and per visitor IP. */
  apiKeyRequestsPerMinute: string;
  chatbotMessagesPerMinute: string;
  visitorMessagesPerMinute: string;
  isActive: boolean;
}

/** Spec §9: a new tier starts at a monthly limit of 0 (to be filled in), 10 handoffs, active. */
export const NEW_TIER_FORM: TierForm = {
  tier: '',
  displayName: '',
  description: '',
  monthlyTokenLimit: String(NEW_TIER.monthlyTokenLimit),
  maxHandoffsPerMonth: String(NEW_TIER.maxHandoffsPerMonth),
  maxChatbots: String(NEW_TIER.maxChatbots),
  apiKeyRequestsPerMinute: String(DEFAULT_TIER_RATE_LIMITS.apiKeyRequestsPerMinute),
  chatbotMessagesPerMinute: String(DEFAULT_TIER_RATE_LIMITS.chatbotMessagesPerMinute),
  visitorMessagesPerMinute: String(DEFAULT_TIER_RATE_LIMITS.visitorMessagesPerMinute),
  isActive: NEW_TIER.isActive,
};

export const tierToForm = (tier: Tier): TierForm => ({
  tier: tier.tier,
  displayName: tier.displayName,
  description: tier.description,
  monthlyTokenLimit: String(tier.monthlyTokenLimit),
  maxHandoffsPerMonth: String(tier.maxHandoffsPerMonth),
  maxChatbots: String(tier.maxChatbots),
  apiKeyRequestsPerMinute: String(tier.apiKeyRequestsPerMinute),
  chatbotMessagesPerMinute: String(tier.chatbotMessagesPerMinute),
  visitorMessagesPerMinute: String(tier.visitorMessagesPerMinute),
  isActive: tier.isActive,
});

const numberOrNaN = (value: string) => (value.trim() ? Number(value) : Number.NaN);

export type CheckedTier = { ok: true; create: CreateTierBody; update: UpdateTierBody } | { ok: false; message: string };

/**
 * Spec §5: the tier name, a non-zero monthly token limit and a handoff limit are required (one message for all
 * three); -1 means unlimited. Then the shared contract's rules.
 */
export function checkTierForm(form: TierForm, isNew: boolean): CheckedTier {
  const monthly = numberOrNaN(form.monthlyTokenLimit);
  const handoffs = numberOrNaN(form.maxHandoffsPerMonth);
  if ((isNew && !form.tier.trim()) || !monthly || Number.isNaN(handoffs)) return { ok: false, message: TIER_MESSAGES.required };
  const values = {
    displayName: form.displayName.trim() || form.tier.trim(),
    description: form.description,
    monthlyTokenLimit: monthly,
    maxHandoffsPerMonth: handoffs,
    maxChatbots: numberOrNaN(form.maxChatbots),
    apiKeyRequestsPerMinute: numberOrNaN(form.apiKeyRequestsPerMinute),
    chatbotMessagesPerMinute: numberOrNaN(form.chatbotMessagesPerMinute),
    visitorMessagesPerMinute: numberOrNaN(form.visitorMessagesPerMinute),
    isActive: form.isActive,
  };
  if (isNew) {
    const parsed = createTierBodySchema.safeParse({ ...values, tier: form.tier });
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? TIER_MESSAGES.required };
    const { tier: _tier, ...update } = parsed.data;
    return { ok: true, create: parsed.data, update };
  }
  const parsed = updateTierBodySchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? TIER_MESSAGES.required };
  return { ok: true, create: { ...parsed.data, tier: form.tier }, update: parsed.data };
}
