import { z } from 'zod';
import { FREE_KEY_DAILY_LIMIT_MAX, SYSTEM_KEY_NAME_PATTERN, SYSTEM_KEY_SCOPES, SYSTEM_KEY_SERVICES, SYSTEM_KEY_TIERS } from '../constants';

/*
 * System API keys (spec part 2 "API Keys Management (system keys)"). Messages avoid the words the
 * web's error sanitiser hides (key, token, secret…), so a user reads the actual reason.
 */

const keyNameSchema = z
  .string({ error: 'A name is required.' })
  .trim()
  .min(1, 'A name is required.')
  .max(100, 'The name must be at most 100 characters.')
  .regex(SYSTEM_KEY_NAME_PATTERN, 'The name may contain letters, digits, underscores and hyphens only.');

const descriptionSchema = z.string().trim().max(500, 'The description must be at most 500 characters.');

const dailyLimitSchema = z
  .number({ error: 'The daily usage limit must be a whole number.' })
  .int('The daily usage limit must be a whole number.')
  .min(1, 'The daily usage limit must be at least 1.')
  .max(FREE_KEY_DAILY_LIMIT_MAX, `The daily usage limit must be at most ${FREE_KEY_DAILY_LIMIT_MAX.toLocaleString('en-US')}.`);

export const systemKeyServiceSchema = z.enum(SYSTEM_KEY_SERVICES, { error: `Service must be one of ${SYSTEM_KEY_SERVICES.join(', ')}.` });
export const systemKeyTierSchema = z.enum(SYSTEM_KEY_TIERS, { error: 'Tier must be system or free.' });
export const systemKeyScopeSchema = z.enum(SYSTEM_KEY_SCOPES, { error: 'Scope must be all, chat or embeddings.' });
export type SystemKeyService = z.infer<typeof systemKeyServiceSchema>;

export const createSystemApiKeyBodySchema = z
  .object({
    serviceName: systemKeyServiceSchema,
    keyName: keyNameSchema,
    /** The provider credential itself: encrypted at rest, never returned. */
    apiKey: z
      .string({ error: 'The value is required.' })
      .trim()
      .min(1, 'The value is required.')
      .min(8, 'The value must be at least 8 characters.')
      .max(1000, 'The value must be at most 1000 characters.')
      .regex(/^\S+$/, 'The value must not contain spaces.')
      // It is sent in a request header, which carries printable ASCII only: a NUL, a control character or a typographic
      // character picked up while copying was stored and then failed every request to the provider.
      .regex(/^[\x21-\x7e]+$/, 'The value may contain only letters, digits and punctuation (ASCII), as providers issue them.'),
    tier: systemKeyTierSchema.default('system'),
    scope: systemKeyScopeSchema.default('all'),
    description: descriptionSchema.default(''),
    /** Free tier only (system keys are unlimited); null there. */
    usageLimitPerDay: dailyLimitSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.tier === 'free' && value.usageLimitPerDay === null) {
      ctx.addIssue({ code: 'custom', path: ['usageLimitPerDay'], message: 'A daily usage limit is required for the free tier.' });
    }
    if (value.tier === 'system' && value.usageLimitPerDay !== null) {
      ctx.addIssue({ code: 'custom', path: ['usageLimitPerDay'], message: 'System tier entries are unlimited: leave the daily usage limit empty.' });
    }
  });
export type CreateSystemApiKeyBody = z.input<typeof createSystemApiKeyBodySchema>;

export const updateSystemApiKeyBodySchema = z
  .object({
    keyName: keyNameSchema.optional(),
    description: descriptionSchema.optional(),
    usageLimitPerDay: dailyLimitSchema.optional(),
    isActive: z.boolean({ error: 'Active must be true or false.' }).optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Nothing to update.');
export type UpdateSystemApiKeyBody = z.infer<typeof updateSystemApiKeyBodySchema>;

export const systemApiKeySchema = z.object({
  id: z.uuid(),
  serviceName: systemKeyServiceSchema,
  keyName: z.string(),
  tier: systemKeyTierSchema,
  scope: systemKeyScopeSchema,
  description: z.string(),
  isActive: z.boolean(),
  /** Uses counted today (UTC); 0 when the last use was on an earlier day. */
  usageCountToday: z.number().int(),
  /** Free tier: the daily limit; system tier: null (unlimited). */
  usageLimitPerDay: z.number().int().nullable(),
  lastUsedDate: z.string().nullable(),
  /** The last 4 characters of the stored value: the whole value never leaves the server. */
  last4: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SystemApiKey = z.infer<typeof systemApiKeySchema>;

export const systemApiKeyListSchema = z.object({
  items: z.array(systemApiKeySchema),
  /**
   * Whether new chatbots have a real embedder: an OpenAI-compatible embedding model named in the environment (it wins),
   * or a usable credential of the embedding provider (the first service); and where it comes from.
   */
  embeddingProvider: z.object({
    service: systemKeyServiceSchema,
    configured: z.boolean(),
    source: z.enum(['openai_compatible', 'system_key', 'environment']).nullable(),
    /**
     * Configured only by free keys, and every one of them is at its daily limit: embeddings fail until the counters
     * restart at midnight UTC (decisions/0017-catalogue-and-system-configuration.md).
     */
    dailyLimitReached: z.boolean(),
  }),
  /** Services whose credential is also set in the server environment (used when no stored one is available). */
  environmentServices: z.array(systemKeyServiceSchema),
});
export type SystemApiKeyList = z.infer<typeof systemApiKeyListSchema>;
