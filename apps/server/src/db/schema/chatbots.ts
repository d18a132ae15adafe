import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/** A document's raw bytes: kept in the database so every node (and a retried job) can read them. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Generated tsvector for full-text retrieval (written by PostgreSQL, never by us). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Text compared byte by byte, so a range `term >= 'refund' AND term < 'refund' || chr(1114111)` is a prefix search. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

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

/** Training data: a file, pasted text or a web page; processed by a durable job into chunks. */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['file', 'text', 'url'] }).notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type'),
    sourceUrl: text('source_url'),
    data: bytea('data'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    status: text('status', { enum: ['queued', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    chunkCount: integer('chunk_count').notNull().default(0),
    tokenCount: integer('token_count').notNull().default(0),
    /**
     * The tokens the meter charged for this source (the sum of its usage_ledger rows), and the rule that gave them:
     * ceil(characters × tokens per character × storage multiplier). Null rule: never charged.
     */
    billedTokens: integer('billed_tokens').notNull().default(0),
    billedCharacters: integer('billed_characters'),
    billedTokensPerCharacter: doublePrecision('billed_tokens_per_character'),
    billedMultiplier: doublePrecision('billed_multiplier'),
    /** Bumped by every (re)process request: a job for an older version gives up. */
    version: integer('version').notNull().default(1),
    /**
     * The write whose chunks are the source's (document_chunks.write_id): set with status ready. Null for chunks
     * written before writes had ids, whose write_id is null too (decisions/0033-ingestion-without-stalling-the-server.md).
     */
    chunksWriteId: uuid('chunks_write_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_sources_chatbot_idx').on(t.chatbotId, t.createdAt)],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    /**
     * The processing run that wrote the chunk. On the embedded database a run writes its chunks in short
     * transactions and they count only once the source names this write (knowledge_sources.chunks_write_id); until
     * then searches leave them out (rag/chunk-writes.ts, decisions/0033-ingestion-without-stalling-the-server.md).
     */
    writeId: uuid('write_id'),
    content: text('content').notNull(),
    tokenCount: integer('token_count').notNull(),
    /** real[] in migrations; converted to pgvector's `vector` where available (db/vector.ts). */
    embedding: real('embedding').array().notNull(),
    embeddingDimensions: integer('embedding_dimensions').notNull(),
    /**
     * The chunk's words for full-text ranking: English stemming and stop words (the snowball `english` configuration,
     * in PGlite as in PostgreSQL), each lexeme with its positions, so its count in the chunk is known (BM25's term
     * frequency, rag/bm25.ts).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, content)`),
    /** How many words `search_vector` holds, repeats included: BM25's document length (migration 0022). */
    searchLength: integer('search_length').generatedAlwaysAs(sql`parley_tsvector_length(to_tsvector('english'::regconfig, content))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_chunks_source_write_position').on(t.sourceId, t.writeId, t.chunkIndex),
    index('document_chunks_chatbot_idx').on(t.chatbotId),
    index('document_chunks_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * How many of a chatbot's chunks hold each full-text term (the lexemes of `search_vector`), as changes: triggers on
 * document_chunks (migrations 0010 and 0022) add a row per term for each statement that stores or removes chunks (+n or -n),
 * so writers never wait for one another; a term's count is the sum of its rows, and `compactTermCounts` folds them.
 * Two rows per statement hold the chatbot's totals under names no lexeme can have (a leading space): ' chunks', the
 * chunks stored, and ' length', the sum of their search_length — BM25's collection size and average length.
 * Retrieval reads them to weigh a question's words and to search by its rarer ones (rag/bm25.ts).
 */
export const chunkTermCounts = pgTable(
  'chunk_term_counts',
  {
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    term: byteOrderedText('term').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [index('chunk_term_counts_chatbot_term_idx').on(t.chatbotId, t.term)],
);

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

/** Every metered token, per organization and month (spec part 2 §9 conversion). */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id').references(() => chatbots.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The document whose processing this row meters (token type embedding). */
    sourceId: uuid('source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    tokenType: text('token_type', { enum: ['input', 'output', 'embedding'] }).notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_ledger_org_month_idx').on(t.organizationId, t.createdAt), index('usage_ledger_source_idx').on(t.sourceId)],
);

/**
 * This month's (and every past month's) metered tokens per organization: the sum of its usage_ledger rows, kept by a
 * trigger (migration 0024). The metering transaction reads it under the row's lock, so the use past the monthly
 * allowance is taken from the token balance exactly, however many answers are metered at once.
 */
export const organizationUsageMonths = pgTable(
  'organization_usage_months',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** YYYY-MM, UTC. */
    period: text('period').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'organization_usage_months_pk', columns: [t.organizationId, t.period] })],
);

/** Global processing settings (spec part 2 "System configuration"); one row, id 1. */
export const systemConfiguration = pgTable('system_configuration', {
  id: integer('id').primaryKey().default(1),
  defaultEmbeddingModel: text('default_embedding_model').notNull().default('text-embedding-3-small'),
  defaultEmbeddingDimensions: integer('default_embedding_dimensions').notNull().default(1536),
  defaultChunkSize: integer('default_chunk_size').notNull().default(1000),
  defaultChunkOverlap: integer('default_chunk_overlap').notNull().default(200),
  defaultChunkingStrategy: text('default_chunking_strategy', { enum: ['semantic', 'fixed', 'sliding'] })
    .notNull()
    .default('semantic'),
  maxDocumentSizeMb: integer('max_document_size_mb').notNull().default(50),
  /** What a document may expand to when read (a .docx's zip entries, a PDF's compressed streams): decompression bombs. */
  maxExpandedDocumentMb: integer('max_expanded_document_mb').notNull().default(200),
  /** The most text one document may yield, in MB of characters. */
  maxDocumentTextMb: integer('max_document_text_mb').notNull().default(20),
  maxConcurrentProcessingJobs: integer('max_concurrent_processing_jobs').notNull().default(5),
  processingQueueTimeoutMinutes: integer('processing_queue_timeout_minutes').notNull().default(30),
  globalWebhookTimeoutSeconds: integer('global_webhook_timeout_seconds').notNull().default(30),
  globalWebhookRetryCount: integer('global_webhook_retry_count').notNull().default(3),
  webhookRateLimitPerMinute: integer('webhook_rate_limit_per_minute').notNull().default(100),
  processingMode: text('processing_mode', { enum: ['edge_functions', 'n8n_integration'] })
    .notNull()
    .default('edge_functions'),
  n8nWebhookBaseUrl: text('n8n_webhook_base_url'),
  requireApiKeyEncryption: boolean('require_api_key_encryption').notNull().default(true),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
