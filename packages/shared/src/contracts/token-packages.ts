import { z } from 'zod';
import { expectedUpdatedAtSchema, idSchema } from './common';

/** Token Package Management (spec part 2 §2, §3 token_packages, §5, §7, §8, §9). Amounts are integer cents. */

/** Decided bounds (not in the spec; see docs/decisions/README.md): a catalogue, not a list that grows with customers. */
export const TOKEN_PACKAGES_MAX = 100;
export const TOKEN_PACKAGE_NAME_MAX = 100;
export const TOKEN_PACKAGE_TOKENS_MAX = 1_000_000_000;
export const TOKEN_PACKAGE_PRICE_CENTS_MAX = 100_000_000;

/** User-facing text; quoted strings are the spec's (§2, §8). */
export const TOKEN_PACKAGE_MESSAGES = {
  loadFailed: 'Failed to load token packages',
  saveFailed: 'Failed to save package',
  deleteFailed: 'Failed to delete package',
  saved: 'Package saved successfully',
  deleted: 'Package deleted successfully',
  empty: 'No token packages configured. Add your first package to get started.',
  nameRequired: 'Package name is required',
  sizeInvalid: 'Package size must be a whole number of at least 1',
  priceInvalid: 'Price must be a whole number of cents, 0 or more',
  tooMany: `There can be at most ${TOKEN_PACKAGES_MAX} packages. Delete one before adding another.`,
  notFound: 'Package not found.',
  notForSale: 'Not on sale: a package needs a price above $0',
} as const;

export const tokenPackageSchema = z.object({
  id: idSchema,
  name: z.string(),
  tokens: z.number().int(),
  priceCents: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

export const tokenPackageListSchema = z.object({ items: z.array(tokenPackageSchema) });
export type TokenPackageList = z.infer<typeof tokenPackageListSchema>;

/** Create or update (spec §7 upsert): the whole row. */
export const tokenPackageBodySchema = z.object({
  name: z
    .string({ error: TOKEN_PACKAGE_MESSAGES.nameRequired })
    .trim()
    .min(1, TOKEN_PACKAGE_MESSAGES.nameRequired)
    .max(TOKEN_PACKAGE_NAME_MAX, `Package name must be at most ${TOKEN_PACKAGE_NAME_MAX} characters`),
  tokens: z
    .number({ error: TOKEN_PACKAGE_MESSAGES.sizeInvalid })
    .int(TOKEN_PACKAGE_MESSAGES.sizeInvalid)
    .min(1, TOKEN_PACKAGE_MESSAGES.sizeInvalid)
    .max(TOKEN_PACKAGE_TOKENS_MAX, `Package size must be at most ${TOKEN_PACKAGE_TOKENS_MAX.toLocaleString('en-US')}`),
  priceCents: z
    .number({ error: TOKEN_PACKAGE_MESSAGES.priceInvalid })
    .int(TOKEN_PACKAGE_MESSAGES.priceInvalid)
    .min(0, TOKEN_PACKAGE_MESSAGES.priceInvalid)
    .max(TOKEN_PACKAGE_PRICE_CENTS_MAX, 'Price must be at most $1,000,000'),
  isActive: z.boolean().default(true),
});
export type TokenPackageBody = z.input<typeof tokenPackageBodySchema>;

/** A change to a saved package, made on the version the admin saw (refused with 409 when another admin saved it since). */
export const updateTokenPackageBodySchema = tokenPackageBodySchema.extend({ expectedUpdatedAt: expectedUpdatedAtSchema });
export type UpdateTokenPackageBody = z.input<typeof updateTokenPackageBodySchema>;

/**
 * On sale: active and priced. A package at $0 cannot be bought (checkout refuses it), so neither the public pricing
 * page nor the billing page offers it, and the admin row says so.
 */
export const isPackageForSale = (pkg: { isActive: boolean; priceCents: number }): boolean => pkg.isActive && pkg.priceCents > 0;
