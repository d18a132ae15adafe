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
