import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Subscription tiers and their limits (spec part 2 §3). -1 means unlimited. The admin
 * screen for them arrives with the catalogue; the product enforces them already.
 */
export const subscriptionTierLimits = pgTable('subscription_tier_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  tier: text('tier').notNull().unique(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
  monthlyTokenLimit: integer('monthly_token_limit').notNull(),
  maxHandoffsPerMonth: integer('max_handoffs_per_month').notNull().default(10),
  maxChatbots: integer('max_chatbots').notNull(),
  /** Rate limits of the tier, per minute (defaults: constants API_KEY_REQUESTS_PER_MINUTE and PUBLIC_CHAT_PER_*). */
  apiKeyRequestsPerMinute: integer('api_key_requests_per_minute').notNull().default(60),
  chatbotMessagesPerMinute: integer('chatbot_messages_per_minute').notNull().default(120),
  visitorMessagesPerMinute: integer('visitor_messages_per_minute').notNull().default(20),
  /** Chatbot actions (decisions/0047-chatbot-actions.md): per chatbot, and calls the model may make in one answer. */
  maxActionsPerChatbot: integer('max_actions_per_chatbot').notNull().default(5),
  maxActionCallsPerTurn: integer('max_action_calls_per_turn').notNull().default(3),
  priceMonthlyCents: integer('price_monthly_cents').notNull().default(0),
  priceAnnualCents: integer('price_annual_cents').notNull().default(0),
  stripePriceIdMonthly: text('stripe_price_id_monthly'),
  stripePriceIdAnnual: text('stripe_price_id_annual'),
  sortOrder: integer('sort_order').notNull().default(0),
  isPopular: boolean('is_popular').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  ctaText: text('cta_text').notNull().default('Get Started'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
