import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/** A customer's referral code, made the first time they ask for their link. */
export const referralCodes = pgTable('referral_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-up through a referral link; converted (and rewarded, once) when the referred organization first pays. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['signed_up', 'converted'] })
      .notNull()
      .default('signed_up'),
    convertedOrganizationId: uuid('converted_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    referrerOrganizationId: uuid('referrer_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    paymentReference: text('payment_reference'),
    referrerRewardTokens: integer('referrer_reward_tokens').notNull().default(0),
    referredRewardTokens: integer('referred_reward_tokens').notNull().default(0),
    rewardNote: text('reward_note'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_referred_user_unique').on(t.referredUserId),
    uniqueIndex('referrals_converted_organization_unique').on(t.convertedOrganizationId),
    index('referrals_referrer_idx').on(t.referrerUserId, t.createdAt),
  ],
);

/** Referral settings (one row, id 1): reward tokens for both sides, on/off, and the cap of rewards per referrer. */
export const referralSettings = pgTable('referral_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(false),
  rewardTokens: integer('reward_tokens').notNull().default(10000),
  /** -1: no cap. */
  maxRewardsPerReferrer: integer('max_rewards_per_referrer').notNull().default(10),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The token balance's ledger: every change of an organization's token balance is a row with its reason — purchases
 * and referral rewards (+), tokens used past the monthly allowance when they are used, refunds (−), and the monthly
 * settlements written before this ledger (reason usage). The balance is the sum of the rows. `reference` is unique,
 * so a change is written once however often its event arrives.
 */
export const tokenCredits = pgTable(
  'token_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tokens: integer('tokens').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull().unique(),
    /** What the row was for, as the history shows it (a package's name, a document's). */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order rows were written in: rows of one clock tick (PGlite's clock ticks in milliseconds) keep it. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('token_credits_organization_idx').on(t.organizationId, t.createdAt)],
);
