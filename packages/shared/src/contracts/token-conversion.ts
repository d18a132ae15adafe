import { z } from 'zod';
import { TOKEN_MULTIPLIER_MIN, TOKEN_RATE_MIN } from '../constants';

/**
 * Token Conversion Management (spec part 2 §2, §3 token_conversion_config and token_type_config, §4, §5, §7,
 * §8, §9). The same rules meter chat messages (message) and processed documents (storage).
 */

export const TOKEN_TYPES = ['message', 'storage'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Decided bounds (not in the spec; see docs/decisions/README.md): they keep a metered amount a sane integer. */
export const TOKEN_RATE_MAX = 100;
export const TOKEN_MULTIPLIER_MAX = 100;
export const TOKEN_TYPE_DESCRIPTION_MAX = 500;
export const CALCULATOR_TEXT_MAX = 100_000;

/** User-facing text; quoted strings are the spec's (§5, §8). */
export const TOKEN_CONVERSION_MESSAGES = {
  loadFailed: 'Failed to load token configurations',
  saveConversionFailed: 'Failed to save conversion configuration',
  saveMessageFailed: 'Failed to save message token configuration',
  saveStorageFailed: 'Failed to save storage token configuration',
  saveFailed: 'Failed to save configurations',
  calculateFailed: 'Failed to calculate tokens',
  saved: 'Token conversion configuration saved successfully',
  ratesPositive: 'Conversion rates must be greater than 0',
  ratesTooSmall: `Conversion rates must be at least ${TOKEN_RATE_MIN}`,
  ratesTooLarge: `Conversion rates must be at most ${TOKEN_RATE_MAX}`,
  ratesNotInverse: 'The two conversion rates must be inverses of each other (1 ÷ 1.333 = 0.75), to 3 decimals.',
  multiplierMin: `Multipliers must be at least ${TOKEN_MULTIPLIER_MIN}`,
  multiplierMax: `Multipliers must be at most ${TOKEN_MULTIPLIER_MAX}`,
  enterTestText: 'Please enter test text',
  testTextTooLong: `Test text must be at most ${CALCULATOR_TEXT_MAX.toLocaleString('en-US')} characters`,
} as const;

const rate = z
  .number({ error: TOKEN_CONVERSION_MESSAGES.ratesPositive })
  .gt(0, TOKEN_CONVERSION_MESSAGES.ratesPositive)
  // The spec's input minimum (§5): a smaller rate would meter almost nothing, or be the inverse of a huge one.
  .min(TOKEN_RATE_MIN, TOKEN_CONVERSION_MESSAGES.ratesTooSmall)
  .max(TOKEN_RATE_MAX, TOKEN_CONVERSION_MESSAGES.ratesTooLarge);
const multiplier = z
  .number({ error: TOKEN_CONVERSION_MESSAGES.multiplierMin })
  .min(TOKEN_MULTIPLIER_MIN, TOKEN_CONVERSION_MESSAGES.multiplierMin)
  .max(TOKEN_MULTIPLIER_MAX, TOKEN_CONVERSION_MESSAGES.multiplierMax);

export const tokenTypeConfigSchema = z.object({
  tokenType: z.enum(TOKEN_TYPES),
  description: z.string(),
  baseRateMultiplier: z.number(),
  isActive: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TokenTypeConfig = z.infer<typeof tokenTypeConfigSchema>;

/** GET: the active conversion rules and the two token types (defaults where no row exists, spec §8 "no rows" tolerated). */
export const tokenConversionSchema = z.object({
  conversion: z.object({ charactersPerToken: z.number(), tokensPerCharacter: z.number(), updatedAt: z.string().nullable() }),
  message: tokenTypeConfigSchema,
  storage: tokenTypeConfigSchema,
});
export type TokenConversion = z.infer<typeof tokenConversionSchema>;

/** Which save the configuration is at: the newest time any of its three parts was saved; null before the first save. */
export function tokenConversionVersion(data: TokenConversion): string | null {
  const times = [data.conversion.updatedAt, data.message.updatedAt, data.storage.updatedAt].filter((t): t is string => t !== null);
  return times.length === 0 ? null : new Date(Math.max(...times.map((t) => Date.parse(t)))).toISOString();
}

const tokenTypeBody = z.object({
  description: z.string().trim().max(TOKEN_TYPE_DESCRIPTION_MAX, `Descriptions must be at most ${TOKEN_TYPE_DESCRIPTION_MAX} characters`).default(''),
  baseRateMultiplier: multiplier,
  isActive: z.boolean().default(true),
});

/**
 * One rate is the other's inverse, written to 3 decimals (the screen's step): either may be the rounded one. Only
 * tokens per character meters, so a pair that disagrees would show one rule and bill by another.
 */
const HALF_STEP = 0.0005 + 1e-9;
export const areInverseRates = (charactersPerToken: number, tokensPerCharacter: number): boolean =>
  Math.abs(charactersPerToken - 1 / tokensPerCharacter) <= HALF_STEP || Math.abs(tokensPerCharacter - 1 / charactersPerToken) <= HALF_STEP;

/** PUT: the three parts, saved together or not at all (spec §4 order: conversion, message, storage). */
export const saveTokenConversionBodySchema = z.object({
  conversion: z
    .object({ charactersPerToken: rate, tokensPerCharacter: rate })
    .refine((value) => areInverseRates(value.charactersPerToken, value.tokensPerCharacter), {
      message: TOKEN_CONVERSION_MESSAGES.ratesNotInverse,
      path: ['charactersPerToken'],
    }),
  message: tokenTypeBody,
  storage: tokenTypeBody,
  /**
   * The version (tokenConversionVersion) the edits were made on: when another save came in between, the save is
   * refused (409) rather than putting back what the other admin changed. null: nothing was saved yet. Left out: the
   * last save wins.
   */
  expectedVersion: z.iso.datetime({ offset: true, error: 'expectedVersion must be a date and time (ISO 8601) or null.' }).nullable().optional(),
});
export type SaveTokenConversionBody = z.input<typeof saveTokenConversionBodySchema>;

export const calculateTokensBodySchema = z.object({
  text: z
    .string({ error: TOKEN_CONVERSION_MESSAGES.enterTestText })
    .max(CALCULATOR_TEXT_MAX, TOKEN_CONVERSION_MESSAGES.testTextTooLong)
    .refine((text) => text.trim().length > 0, TOKEN_CONVERSION_MESSAGES.enterTestText),
});

/** The calculator's answer, from the same service that meters chat messages and documents. */
export const calculateTokensResponseSchema = z.object({
  characters: z.number().int(),
  tokensPerCharacter: z.number(),
  /** ceil(characters × tokens per character), spec §9. */
  estimatedTokens: z.number().int(),
  message: z.object({ multiplier: z.number(), tokens: z.number().int() }),
  storage: z.object({ multiplier: z.number(), tokens: z.number().int() }),
});
export type CalculateTokensResponse = z.infer<typeof calculateTokensResponseSchema>;
