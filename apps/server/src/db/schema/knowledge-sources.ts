import { sql } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatbots } from './chatbots';
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
