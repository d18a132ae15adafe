import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';

/** Training data. */
export const SOURCE_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const knowledgeSourceSchema = z.object({
  id: z.uuid(),
  chatbotId: z.uuid(),
  kind: z.enum(['file', 'text', 'url']),
  name: z.string(),
  mimeType: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  sizeBytes: z.number().int(),
  status: z.enum(SOURCE_STATUSES),
  progress: z.number().int(),
  error: z.string().nullable(),
  chunkCount: z.number().int(),
  /** The chunks' size in the chunker's tokens (what chunk_size counts), not what is billed. */
  tokenCount: z.number().int(),
  /** The tokens the meter charged for this source: the sum of its usage rows, what the customer is shown. */
  billedTokens: z.number().int(),
  /** The rule that gave them: ceil(characters × tokens per character × storage multiplier); null before any charge. */
  billingRule: z.object({ characters: z.number().int(), tokensPerCharacter: z.number(), multiplier: z.number() }).nullable(),
  processedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;
/** POST /api/chatbots/:id/re-embed: the embedder the chatbot now uses, and how many sources are queued to be embedded with it. */
export const reembedResultSchema = z.object({
  embedding: z.object({ provider: z.string(), model: z.string(), dimensions: z.number().int() }),
  queued: z.number().int(),
});
export type ReembedResult = z.infer<typeof reembedResultSchema>;
export const SOURCE_SEARCH_MAX = 200;
/** One page of a chatbot's training data, newest first; `search` matches the name anywhere, `status` narrows it. */
export const knowledgeSourceListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(SOURCE_SEARCH_MAX, `search must be at most ${SOURCE_SEARCH_MAX} characters`).default(''),
  status: z.enum(SOURCE_STATUSES).optional(),
});
/** The query as the route hands it on: defaults applied, search trimmed. */
export type KnowledgeSourceListQuery = z.output<typeof knowledgeSourceListQuerySchema>;
/** The whole chatbot's training data, whatever the page and filter: what the list's heading and status filter show. */
export const knowledgeSourceTotalsSchema = z.object({
  sources: z.number().int(),
  queued: z.number().int(),
  processing: z.number().int(),
  ready: z.number().int(),
  failed: z.number().int(),
  /**
   * Chunks of each source's last processed version (a failed or running re-process keeps it): what the chatbot answers
   * from; tokens: what the meter charged for the sources (the sum of their billedTokens).
   */
  chunks: z.number().int(),
  tokens: z.number().int(),
});
export type KnowledgeSourceTotals = z.infer<typeof knowledgeSourceTotalsSchema>;
/**
 * `total` counts the sources the filter matches; `totals` the chatbot's. `maxDocumentSizeMb`: the largest file an
 * upload may be (the system configuration's max_document_size_mb), which the upload screen checks and shows.
 */
export const knowledgeSourceListSchema = paginated(knowledgeSourceSchema).extend({
  totals: knowledgeSourceTotalsSchema,
  maxDocumentSizeMb: z.number().int().positive(),
});
export type KnowledgeSourceList = z.infer<typeof knowledgeSourceListSchema>;

export const TEXT_SOURCE_MAX_CHARS = 500_000;
/** The pasted-text route's body limit: room for the longest text in any script, each character escaped (6 bytes). */
export const TEXT_SOURCE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const createTextSourceBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  text: z.string().trim().min(1, 'Text is required').max(TEXT_SOURCE_MAX_CHARS, `Text must be at most ${TEXT_SOURCE_MAX_CHARS} characters`),
});
export const createUrlSourceBodySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter a web page address starting with http:// or https://' }).max(2000),
});
export const chatbotSourceParamsSchema = z.object({ id: idSchema, sourceId: idSchema });
