import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

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
