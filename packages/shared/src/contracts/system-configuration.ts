import { z } from 'zod';
import { expectedUpdatedAtSchema } from './common';
import {
  CHUNKING_STRATEGY_OPTIONS,
  EMBEDDING_MODEL_OPTIONS,
  N8N_BASE_URL_MAX_LENGTH,
  PROCESSING_MODE_OPTIONS,
  SYSTEM_CONFIGURATION_DEFAULTS,
  SYSTEM_CONFIGURATION_LIMITS as LIMITS,
} from '../constants';

type Bounded = keyof typeof LIMITS;

const LABELS: Record<Bounded, string> = {
  defaultEmbeddingDimensions: 'Embedding dimensions',
  defaultChunkSize: 'Chunk size',
  defaultChunkOverlap: 'Chunk overlap',
  maxDocumentSizeMb: 'Max document size (MB)',
  maxExpandedDocumentMb: 'Max expanded document size (MB)',
  maxDocumentTextMb: 'Max document text (MB)',
  maxConcurrentProcessingJobs: 'Max concurrent processing jobs',
  processingQueueTimeoutMinutes: 'Processing queue timeout (minutes)',
  globalWebhookTimeoutSeconds: 'Webhook timeout (seconds)',
  globalWebhookRetryCount: 'Webhook retry count',
  webhookRateLimitPerMinute: 'Webhook rate limit (per minute)',
};

/** A whole number within the bounds of SYSTEM_CONFIGURATION_LIMITS, with a message naming the field. */
const boundedInteger = (field: Bounded) => {
  const { min, max } = LIMITS[field];
  const label = LABELS[field];
  return z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be from ${min} to ${max}.`)
    .max(max, `${label} must be from ${min} to ${max}.`);
};

export const n8nBaseUrlSchema = z
  .string()
  .trim()
  .max(N8N_BASE_URL_MAX_LENGTH, `The n8n base URL must be at most ${N8N_BASE_URL_MAX_LENGTH} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, 'The n8n base URL must be an http:// or https:// address.')
  // Stored as plain text and shown on screen: sign-in details do not belong in it.
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, 'The n8n base URL must not contain a user name or sign-in details.');

/** Every setting an admin edits; the whole object is saved at once (spec part 2 §7, "the save function for the whole configuration object"). */
export const systemConfigurationSettingsSchema = z.object({
  defaultEmbeddingModel: z.enum(EMBEDDING_MODEL_OPTIONS, { error: `Embedding model must be one of ${EMBEDDING_MODEL_OPTIONS.join(', ')}.` }),
  defaultEmbeddingDimensions: boundedInteger('defaultEmbeddingDimensions'),
  defaultChunkSize: boundedInteger('defaultChunkSize'),
  defaultChunkOverlap: boundedInteger('defaultChunkOverlap'),
  defaultChunkingStrategy: z.enum(CHUNKING_STRATEGY_OPTIONS, { error: `Chunking strategy must be one of ${CHUNKING_STRATEGY_OPTIONS.join(', ')}.` }),
  maxDocumentSizeMb: boundedInteger('maxDocumentSizeMb'),
  // Added after the first release: a client that does not send them keeps the defaults.
  maxExpandedDocumentMb: boundedInteger('maxExpandedDocumentMb').default(SYSTEM_CONFIGURATION_DEFAULTS.maxExpandedDocumentMb),
  maxDocumentTextMb: boundedInteger('maxDocumentTextMb').default(SYSTEM_CONFIGURATION_DEFAULTS.maxDocumentTextMb),
  maxConcurrentProcessingJobs: boundedInteger('maxConcurrentProcessingJobs'),
  processingQueueTimeoutMinutes: boundedInteger('processingQueueTimeoutMinutes'),
  globalWebhookTimeoutSeconds: boundedInteger('globalWebhookTimeoutSeconds'),
  globalWebhookRetryCount: boundedInteger('globalWebhookRetryCount'),
  webhookRateLimitPerMinute: boundedInteger('webhookRateLimitPerMinute'),
  processingMode: z.enum(PROCESSING_MODE_OPTIONS, { error: 'Processing mode must be edge_functions or n8n_integration.' }),
  /** Empty or null: none. Required (and http/https) in n8n_integration mode. */
  n8nWebhookBaseUrl: z
    .union([z.literal('').transform(() => null), z.null(), n8nBaseUrlSchema])
    .nullable()
    .default(null),
  requireApiKeyEncryption: z.boolean({ error: 'Encryption at rest must be on or off.' }),
});

/** Rules across fields, shared by the web form and the server. */
export const updateSystemConfigurationBodySchema = systemConfigurationSettingsSchema
  .extend({
    /**
     * The `updatedAt` of the configuration the edits were made on. When another save came in between, the save is
     * refused (409) rather than putting back what the other admin changed; without it the last save wins.
     */
    expectedUpdatedAt: expectedUpdatedAtSchema,
  })
  .superRefine((value, ctx) => {
    if (value.defaultChunkOverlap >= value.defaultChunkSize) {
      ctx.addIssue({ code: 'custom', path: ['defaultChunkOverlap'], message: 'Chunk overlap must be smaller than the chunk size.' });
    }
    if (value.processingMode === 'n8n_integration' && !value.n8nWebhookBaseUrl) {
      ctx.addIssue({ code: 'custom', path: ['n8nWebhookBaseUrl'], message: 'The n8n base URL is required in n8n integration mode.' });
    }
    if (value.defaultEmbeddingModel === 'text-embedding-ada-002' && value.defaultEmbeddingDimensions !== 1536) {
      ctx.addIssue({ code: 'custom', path: ['defaultEmbeddingDimensions'], message: 'text-embedding-ada-002 always has 1536 dimensions.' });
    }
    if (!value.requireApiKeyEncryption) {
      ctx.addIssue({
        code: 'custom',
        path: ['requireApiKeyEncryption'],
        message: 'Encryption at rest cannot be turned off: stored provider credentials are always encrypted.',
      });
    }
  });
export type SystemConfigurationSettings = z.infer<typeof systemConfigurationSettingsSchema>;
export type UpdateSystemConfigurationBody = z.input<typeof updateSystemConfigurationBodySchema>;

export const systemConfigurationSchema = systemConfigurationSettingsSchema.extend({
  n8nWebhookBaseUrl: z.string().nullable(),
  updatedAt: z.string(),
  /** E-mail of the admin who saved last, when known. */
  updatedBy: z.string().nullable(),
});
export type SystemConfiguration = z.infer<typeof systemConfigurationSchema>;

export const testN8nConnectionBodySchema = z.object({ url: n8nBaseUrlSchema });
export type TestN8nConnectionBody = z.infer<typeof testN8nConnectionBodySchema>;

export const n8nConnectionResultSchema = z.object({
  reachable: z.boolean(),
  /** The HTTP status of the answer, when there was one. */
  status: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Why it was not reachable, in words fit for the screen. */
  message: z.string(),
});
export type N8nConnectionResult = z.infer<typeof n8nConnectionResultSchema>;
