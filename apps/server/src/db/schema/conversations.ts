import { boolean, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatbots } from './chatbots';
import { organizations } from './organizations';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    channel: text('channel', { enum: ['widget', 'test', 'api'] }).notNull(),
    messageCount: integer('message_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an agent ended the conversation: the visitor's next message starts a new one. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The visitor's contact details, given to the built-in `contact` action (issue 41). */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    contactCollectedAt: timestamp('contact_collected_at', { withTimezone: true }),
  },
  (t) => [index('conversations_chatbot_idx').on(t.chatbotId, t.lastMessageAt), index('conversations_visitor_idx').on(t.chatbotId, t.visitorId)],
);

/** answered / declined (no answer in the documents) / handoff (a person was asked for) / error / limited (over the monthly limit). */
export const MESSAGE_OUTCOMES = ['answered', 'declined', 'handoff', 'error', 'limited'] as const;

export interface MessageSource {
  chunkId: string;
  sourceId: string;
  sourceName: string;
  excerpt: string;
}

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** user: the visitor; assistant: the bot; agent: a person of the organization (handoff); system: a status line. */
    role: text('role', { enum: ['user', 'assistant', 'agent', 'system'] }).notNull(),
    content: text('content').notNull(),
    /** The person who wrote an agent message. */
    agentUserId: uuid('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    tokens: integer('tokens').notNull().default(0),
    latencyMs: doublePrecision('latency_ms'),
    sources: jsonb('sources').$type<MessageSource[]>().notNull().default([]),
    isAnswered: boolean('is_answered'),
    /** How the bot's turn ended (assistant messages): what the analytics breakdown counts. */
    outcome: text('outcome', { enum: MESSAGE_OUTCOMES }),
    /** A visitor question reduced to its content words, so similar questions group together (user messages). */
    questionKey: text('question_key'),
    /** Thumbs up (1) or down (-1) from the visitor, on assistant messages. */
    rating: smallint('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
