import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';

export const CHATBOT_NAME_MAX = 100;
export const SYSTEM_PROMPT_MAX = 8000;
export const SUGGESTED_QUESTIONS_MAX = 6;
export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant for our customers. Answer only from the provided documents, say so when they do not contain the answer, and keep answers short and friendly.';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value such as #4f46e5');

/** An origin allowed to embed the widget: scheme, host and optional port, no path. */
export const originSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.length > 1 || url.search || url.hash) throw new Error('not an origin');
      return url.origin;
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 100)}" is not a website origin such as https://www.example.com` });
      return z.NEVER;
    }
  });

const appearanceFields = {
  color: hexColor,
  position: z.enum(['bottom-right', 'bottom-left']),
  title: z.string().trim().min(1, 'Widget title is required').max(60),
  avatarUrl: z
    .url({ protocol: /^https?$/, error: 'Avatar must be an http(s) URL' })
    .max(2000)
    .nullable(),
};

export const appearanceSchema = z.object({
  color: appearanceFields.color.default('#4f46e5'),
  position: appearanceFields.position.default('bottom-right'),
  title: appearanceFields.title.default('Chat with us'),
  avatarUrl: appearanceFields.avatarUrl.default(null),
});
/** The appearance fields a PATCH names, and only those: the others keep their stored values (no defaults here). */
export const appearanceUpdateSchema = z.object(appearanceFields).partial();

export const MODEL_PROVIDERS = ['builtin', 'openai', 'anthropic', 'google', 'mistral', 'openai-compatible'] as const;

const chatbotFields = {
  name: z.string().trim().min(1, 'Name is required').max(CHATBOT_NAME_MAX, `Name must be at most ${CHATBOT_NAME_MAX} characters`),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  /** Left out: the default behavior template's prompt (the server picks it). */
  systemPrompt: z.string().trim().min(1, 'Behavior (system prompt) is required').max(SYSTEM_PROMPT_MAX).optional(),
  modelProvider: z.enum(MODEL_PROVIDERS).default('builtin'),
  modelName: z.string().trim().min(1).max(100).default('extractive'),
  temperature: z.number().min(0, 'Temperature must be between 0 and 2').max(2, 'Temperature must be between 0 and 2').default(0.3),
  welcomeMessage: z.string().trim().max(500).default('Hi! Ask me anything about our documentation.'),
  suggestedQuestions: z.array(z.string().trim().min(1).max(200)).max(SUGGESTED_QUESTIONS_MAX, `At most ${SUGGESTED_QUESTIONS_MAX} suggested questions`),
  appearance: appearanceSchema.default({ color: '#4f46e5', position: 'bottom-right', title: 'Chat with us', avatarUrl: null }),
  allowedOrigins: z.array(originSchema).max(20, 'At most 20 allowed origins'),
  status: z.enum(['draft', 'live']).default('draft'),
  retrievalTopK: z.number().int().min(1).max(20).default(5),
  handoffEnabled: z.boolean().default(true),
  handoffAlertMinutes: z
    .number()
    .int()
    .min(1, 'The wait before an e-mail must be 1 to 1440 minutes')
    .max(1440, 'The wait before an e-mail must be 1 to 1440 minutes')
    .nullable()
    .default(null),
};

export const createChatbotBodySchema = z.object({
  ...chatbotFields,
  suggestedQuestions: chatbotFields.suggestedQuestions.default([]),
  allowedOrigins: chatbotFields.allowedOrigins.default([]),
  organizationId: idSchema.optional(),
});
export type CreateChatbotBody = z.input<typeof createChatbotBodySchema>;
/** No field has a default here, so a PATCH changes only what it names; within `appearance` too (merged). */
export const updateChatbotBodySchema = z
  .object({
    name: chatbotFields.name,
    description: z.string().trim().max(500),
    systemPrompt: z.string().trim().min(1, 'Behavior (system prompt) is required').max(SYSTEM_PROMPT_MAX),
    modelProvider: z.enum(MODEL_PROVIDERS),
    modelName: z.string().trim().min(1).max(100),
    temperature: z.number().min(0).max(2),
    welcomeMessage: z.string().trim().max(500),
    suggestedQuestions: chatbotFields.suggestedQuestions,
    appearance: appearanceUpdateSchema,
    allowedOrigins: chatbotFields.allowedOrigins,
    status: z.enum(['draft', 'live']),
    retrievalTopK: z.number().int().min(1).max(20),
    handoffEnabled: z.boolean(),
    handoffAlertMinutes: z.number().int().min(1).max(1440).nullable(),
  })
  .partial();

export const chatbotSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  description: z.string(),
  systemPrompt: z.string(),
  modelProvider: z.string(),
  modelName: z.string(),
  temperature: z.number(),
  welcomeMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  appearance: z.object({ color: z.string(), position: z.enum(['bottom-right', 'bottom-left']), title: z.string(), avatarUrl: z.string().nullable() }),
  allowedOrigins: z.array(z.string()),
  status: z.enum(['draft', 'live']),
  embedding: z.object({ provider: z.string(), model: z.string(), dimensions: z.number().int() }),
  chunking: z.object({ strategy: z.enum(['semantic', 'fixed', 'sliding']), size: z.number().int(), overlap: z.number().int() }),
  retrievalTopK: z.number().int(),
  handoffEnabled: z.boolean(),
  handoffAlertMinutes: z.number().int().nullable(),
  sourceCount: z.number().int(),
  chunkCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chatbot = z.infer<typeof chatbotSchema>;
export const CHATBOT_SEARCH_MAX = 200;
/** One page of the organization's chatbots, newest first; `search` matches the name anywhere. */
export const chatbotListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(CHATBOT_SEARCH_MAX, `search must be at most ${CHATBOT_SEARCH_MAX} characters`).default(''),
});
export type ChatbotListQuery = z.output<typeof chatbotListQuerySchema>;
export const chatbotListSchema = paginated(chatbotSchema);
export type ChatbotList = z.infer<typeof chatbotListSchema>;
/** A chatbot by name: what pickers and labels need (id, name and status, no counts). */
export const chatbotNameSchema = z.object({ id: z.uuid(), name: z.string(), status: z.enum(['draft', 'live']) });
export type ChatbotName = z.infer<typeof chatbotNameSchema>;
/** The most chatbots one names request may ask for by id: as many as one page can hold. */
export const CHATBOT_NAME_IDS_MAX = 100;
/** `ids=a,b` and `ids=a&ids=b` alike: a list of ids, empty entries dropped. */
const idListSchema = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value])
      .flatMap((part) => String(part).split(','))
      .map((id) => id.trim())
      .filter(Boolean),
  z.array(idSchema).max(CHATBOT_NAME_IDS_MAX, `ids may name at most ${CHATBOT_NAME_IDS_MAX} chatbots`),
);
/**
 * One page of the organization's chatbots by name (case-insensitive, ties by id): `search` as the chatbot list's,
 * `ids` narrows to those chatbots (a picker naming the chatbots already chosen). Both filters may be combined.
 */
export const chatbotNameListQuerySchema = chatbotListQuerySchema.extend({ ids: idListSchema });
export type ChatbotNameListQuery = z.output<typeof chatbotNameListQuerySchema>;
export const chatbotNameListSchema = paginated(chatbotNameSchema);
export type ChatbotNameList = z.infer<typeof chatbotNameListSchema>;

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

/** Chat. */
export const chatMessageBodySchema = z.object({
  message: z.string().trim().min(1, 'Message is required').max(4000, 'Message must be at most 4000 characters'),
  conversationId: idSchema.optional(),
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId must be 8–64 letters, digits, _ or -')
    .optional(),
});
export type ChatMessageBody = z.infer<typeof chatMessageBodySchema>;

export const citationSchema = z.object({
  chunkId: z.uuid(),
  sourceId: z.uuid(),
  sourceName: z.string(),
  excerpt: z.string(),
  /**
   * The passage's place among those the answer was given (1 = the best), the number a model's answer cites it by
   * ("[3]") and the one the source lists show. Absent on answers stored before it was kept.
   */
  number: z.number().int().positive().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/** Server-sent events of a chat answer: `meta`, then `delta`s, then `done` (or `error`). */
export type ChatStreamEvent =
  | { type: 'meta'; conversationId: string; messageId: string }
  | { type: 'delta'; text: string }
  /**
   * `tokens`: what the turn metered; `inputTokens` (the question) and `outputTokens` (the answer) split it, as the usage
   * ledger does. `limited`: the organization is over its monthly usage limit, so the bot said so instead of answering
   * (not a question the documents left unanswered).
   */
  | {
      type: 'done';
      answered: boolean;
      citations: Citation[];
      tokens: number;
      inputTokens?: number;
      outputTokens?: number;
      offerHandoff?: boolean;
      limited?: boolean;
    }
  /** The conversation is with (or waiting for) a person: the visitor's message went to them, not to the bot. */
  | { type: 'handoff'; mode: 'waiting' | 'active' | 'unavailable'; text: string }
  | { type: 'error'; message: string };

/** What the widget needs to draw itself (public). */
export const publicChatbotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  welcomeMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  appearance: chatbotSchema.shape.appearance,
  handoffEnabled: z.boolean(),
});
export type PublicChatbot = z.infer<typeof publicChatbotSchema>;
