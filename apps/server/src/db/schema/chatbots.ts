import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

export interface ChatbotAppearance {
  color: string;
  position: 'bottom-right' | 'bottom-left';
  title: string;
  avatarUrl: string | null;
}

export const chatbots = pgTable(
  'chatbots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    systemPrompt: text('system_prompt').notNull(),
    modelProvider: text('model_provider').notNull().default('builtin'),
    modelName: text('model_name').notNull().default('extractive'),
    temperature: real('temperature').notNull().default(0.3),
    welcomeMessage: text('welcome_message').notNull().default('Hi! Ask me anything about our documentation.'),
    suggestedQuestions: jsonb('suggested_questions').$type<string[]>().notNull().default([]),
    appearance: jsonb('appearance').$type<ChatbotAppearance>().notNull(),
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['draft', 'live'] })
      .notNull()
      .default('draft'),
    embeddingProvider: text('embedding_provider').notNull().default('local'),
    embeddingModel: text('embedding_model').notNull().default('parley-local-hash'),
    embeddingDimensions: integer('embedding_dimensions').notNull().default(384),
    chunkingStrategy: text('chunking_strategy', { enum: ['semantic', 'fixed', 'sliding'] })
      .notNull()
      .default('semantic'),
    chunkSize: integer('chunk_size').notNull().default(1000),
    chunkOverlap: integer('chunk_overlap').notNull().default(200),
    retrievalTopK: integer('retrieval_top_k').notNull().default(5),
    /** Visitors can ask for a person (widget button, a recognised phrase, or the bot's offer when it has no answer). */
    handoffEnabled: boolean('handoff_enabled').notNull().default(true),
    /** E-mail the organization's owners and admins when a handoff waits this long; null = never. */
    handoffAlertMinutes: integer('handoff_alert_minutes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chatbots_organization_idx').on(t.organizationId, t.createdAt)],
);
