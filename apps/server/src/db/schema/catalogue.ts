import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The catalogue staff maintain (spec part 2 §3): behavior templates, chatbot templates,
 * custom action categories and templates, token packages and conversion, plan features, FAQs.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** System prompts customers start a chatbot from; exactly one is the default (enforced by a partial unique index). */
export const behaviorTemplates = pgTable(
  'behavior_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    systemPrompt: text('system_prompt').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('behavior_templates_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export interface ChatbotTemplateConfiguration {
  category: string;
  industry: string;
  features: string[];
  difficulty: string;
  setupTime: string;
  useCases: string[];
  templateId?: string;
  [key: string]: unknown;
}

/** Chatbot templates (`global_ai_agents`, agent_type chatbot_template is what the templates screen lists). */
export const globalAiAgents = pgTable('global_ai_agents', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  agentType: text('agent_type', { enum: ['chatbot_template', 'document_processing', 'n8n_workflow'] })
    .notNull()
    .default('chatbot_template'),
  webhookUrl: text('webhook_url'),
  configuration: jsonb('configuration').$type<ChatbotTemplateConfiguration>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const aiActionCategories = pgTable('ai_action_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('Zap'),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The version an edit was made on (optimistic concurrency, decisions/0017-catalogue-and-system-configuration.md). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A webhook an action calls (spec §3 "Webhook definition inside an action"; saved here, not local only). */
export interface ActionWebhook {
  id: string;
  name: string;
  endpoint_url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  timeout_seconds: number;
  retry_count: number;
  event_triggers: string[];
}

/** An event handler of an action (spec §3; saved here, not local only). */
export interface ActionEventHandler {
  id: string;
  name: string;
  event_type: string;
  condition: string;
  action: string;
  payload_mapping: string;
  is_active: boolean;
  priority: number;
}

export const aiActionTemplates = pgTable(
  'ai_action_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    actionType: text('action_type', { enum: ['webhook', 'api_call', 'data_collection', 'notification', 'integration'] }).notNull(),
    categoryId: uuid('category_id').references(() => aiActionCategories.id, { onDelete: 'set null' }),
    /** JSON text; kept as written when it does not parse (spec §3). */
    templateConfig: text('template_config').notNull().default('{}'),
    instructionsTemplate: text('instructions_template').notNull().default(''),
    icon: text('icon').notNull().default('Zap'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    webhooks: jsonb('webhooks').$type<ActionWebhook[]>().notNull().default([]),
    eventHandlers: jsonb('event_handlers').$type<ActionEventHandler[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('ai_action_templates_category_idx').on(t.categoryId)],
);

/** Token packages customers can buy (amounts in cents). */
export const tokenPackages = pgTable('token_packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  tokens: integer('tokens').notNull(),
  priceCents: integer('price_cents').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** How characters become tokens (spec §9: 0.75 characters per token, 1.333 tokens per character). */
export const tokenConversionConfig = pgTable(
  'token_conversion_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    charactersPerToken: doublePrecision('characters_per_token').notNull().default(0.75),
    tokensPerCharacter: doublePrecision('tokens_per_character').notNull().default(1.333),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  // Metering divides and multiplies by these: a zero or negative rate must never be stored, whoever writes it.
  (t) => [check('token_conversion_config_rates_positive', sql`${t.charactersPerToken} > 0 AND ${t.tokensPerCharacter} > 0`)],
);

/** A multiplier per token type: message (chat) and storage (documents). */
export const tokenTypeConfig = pgTable(
  'token_type_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenType: text('token_type', { enum: ['message', 'storage'] })
      .notNull()
      .unique(),
    description: text('description').notNull().default(''),
    baseRateMultiplier: doublePrecision('base_rate_multiplier').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('token_type_config_multiplier_positive', sql`${t.baseRateMultiplier} > 0`)],
);

/** The feature lines of a pricing plan ("Active Chatbots", "AI Tokens/month", …), one per tier and name. */
export const planFeatures = pgTable(
  'plan_features',
  {
    tier: text('tier').notNull(),
    featureName: text('feature_name').notNull(),
    featureValue: text('feature_value').notNull().default(''),
    isIncluded: boolean('is_included').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tier, t.featureName] })],
);

export const pricingFaqs = pgTable('pricing_faqs', {
  id: uuid('id').primaryKey().defaultRandom(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});
