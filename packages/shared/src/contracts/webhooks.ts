import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';

/**
 * Outbound webhooks (spec part 2 "Webhook Configurations", §3 webhook configuration, §5, §8, §9; part 1 §6–§8
 * "Webhook configs"). Delivery follows the Standard Webhooks specification: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` headers and a `{ type, timestamp, data }` body. docs/webhooks.md documents every event.
 */

/** The event catalogue (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = [
  'bot.created',
  'bot.updated',
  'bot.deleted',
  'document.processed',
  'document.failed',
  'conversation.started',
  'conversation.ended',
  'message.created',
  'handoff.requested',
  'handoff.closed',
  'usage.threshold_reached',
  'subscription.updated',
  'payment.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by the Test button only; it cannot be subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export type AnyWebhookEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;

export interface WebhookEventInfo {
  label: string;
  description: string;
  /** False for an event that is defined but not sent (none today; the form marks such an event "not sent yet"). */
  isEmitted: boolean;
}

export const WEBHOOK_EVENT_CATALOGUE: Record<WebhookEventType, WebhookEventInfo> = {
  'bot.created': { label: 'Chatbot created', description: 'A chatbot was created.', isEmitted: true },
  'bot.updated': { label: 'Chatbot updated', description: 'A chatbot’s settings changed.', isEmitted: true },
  'bot.deleted': { label: 'Chatbot deleted', description: 'A chatbot was deleted with its documents and conversations.', isEmitted: true },
  'document.processed': { label: 'Document processed', description: 'A training document is ready: its text is chunked and searchable.', isEmitted: true },
  'document.failed': { label: 'Document failed', description: 'A training document could not be processed.', isEmitted: true },
  'conversation.started': { label: 'Conversation started', description: 'A visitor started a conversation with a chatbot.', isEmitted: true },
  'conversation.ended': { label: 'Conversation ended', description: 'A person from your team ended a conversation.', isEmitted: true },
  'message.created': {
    label: 'Message created',
    description: 'A message was added to a conversation: a visitor’s question, the bot’s answer or a person’s reply.',
    isEmitted: true,
  },
  'handoff.requested': { label: 'Handoff requested', description: 'A visitor asked to talk to a person.', isEmitted: true },
  'handoff.closed': { label: 'Handoff closed', description: 'A person handed the conversation back to the bot or ended it.', isEmitted: true },
  'usage.threshold_reached': {
    label: 'Usage threshold reached',
    description: 'This month’s tokens reached 80% or 100% of the plan’s limit (once per threshold per month).',
    isEmitted: true,
  },
  'subscription.updated': {
    label: 'Subscription updated',
    description: 'A subscription started or ended, or its plan, status, renewal date or cancellation at period end changed.',
    isEmitted: true,
  },
  'payment.failed': { label: 'Payment failed', description: 'A subscription payment could not be collected.', isEmitted: true },
};

/** Spec §9: a new configuration listens to these. */
export const DEFAULT_WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['bot.created', 'bot.updated'];
/** Spec §5 and §9. */
export const WEBHOOK_RETRY_COUNT = { min: 0, max: 10, default: 3 } as const;
export const WEBHOOK_TIMEOUT_SECONDS = { min: 1, max: 300, default: 30 } as const;
/** Decided limits (docs/decisions/README.md). */
export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_HEADERS_MAX = 30;
export const WEBHOOK_HEADER_VALUE_MAX = 2000;
/** Configurations per organization (and installation-wide for staff): a bounded list. */
export const WEBHOOK_CONFIGS_MAX = 20;
/** An endpoint that has failed for this many days without one success is turned off and its owners told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
/** After a rotation the previous secret still signs (a second signature) this long. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** Usage thresholds, in percent of the monthly token limit, that send usage.threshold_reached. */
export const WEBHOOK_USAGE_THRESHOLDS = [80, 100] as const;
/** Test sends one user may make per minute (each is an outbound request on their behalf). */
export const WEBHOOK_TESTS_PER_MINUTE = 20;
/** Characters of the receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;

/** User-facing text; quoted strings are the spec's (part 2 §8, part 1 §6 and §8). */
export const WEBHOOK_MESSAGES = {
  saveFailed: 'Failed to save webhook configuration',
  deleteFailed: 'Failed to delete webhook configuration',
  fetchFailed: 'Failed to fetch webhook configs',
  notAuthenticated: 'User not authenticated',
  invalidHeadersJson: 'Failed to save webhook configuration: the headers are not valid JSON.',
  notFound: 'Webhook configuration not found.',
  deliveryNotFound: 'Delivery not found.',
  tooMany: `You can have at most ${WEBHOOK_CONFIGS_MAX} webhooks. Delete one to add another.`,
  privateAddress: 'This address is on a private or local network. Webhooks can only be sent to public internet addresses.',
  resendInactive: 'Turn this webhook on before resending deliveries.',
  created: 'Webhook configuration created successfully',
  updated: 'Webhook configuration updated successfully',
  deleted: 'Webhook configuration deleted',
  testSucceeded: 'Webhook test successful',
  testFailed: 'Webhook test failed',
  resent: 'The event was queued again for this webhook',
  rotated: 'New signing secret created',
} as const;

const WHSEC = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/** Bytes of the key in a `whsec_` value, or null when it is not one (Standard Webhooks: 24 to 64 bytes, base64). */
export function webhookSecretBytes(value: string): number | null {
  const match = WHSEC.exec(value);
  if (!match) return null;
  const encoded = match[1]!;
  const padding = encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0;
  return (encoded.length / 4) * 3 - padding;
}

export const isValidWebhookSecret = (value: string) => {
  const bytes = webhookSecretBytes(value);
  return bytes !== null && bytes >= 24 && bytes <= 64;
};

/** Worded without the words the error sanitiser hides, so the reason reaches the user. */
export const WEBHOOK_SECRET_RULE = 'Use a value that starts with whsec_ followed by 24 to 64 random bytes in base64, or leave it empty to have one generated.';

/** An optional user-typed signing secret: empty means "generate one". */
export const webhookSecretInputSchema = z
  .string()
  .trim()
  .max(200, WEBHOOK_SECRET_RULE)
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || isValidWebhookSecret(value), WEBHOOK_SECRET_RULE);

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Webhook URL is required')
  .max(WEBHOOK_URL_MAX, `Webhook URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Webhook URL must be a valid http:// or https:// address')
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, 'Webhook URL must not contain a user name or sign-in details; use a header instead');

/** Headers the client sets itself, or that carry the signature: a configuration may not override them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'user-agent',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Extra request headers: a JSON object of header names to text values. */
export const webhookHeadersSchema = z
  .record(z.string(), z.string({ error: 'Header values must be text' }), { error: 'Headers must be a JSON object of names to text values' })
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > WEBHOOK_HEADERS_MAX) ctx.addIssue({ code: 'custom', message: `At most ${WEBHOOK_HEADERS_MAX} headers are allowed` });
    for (const name of names) {
      const value = headers[name]!;
      const lower = name.toLowerCase();
      if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', message: `"${name.slice(0, 40)}" is not a valid header name` });
      else if (RESERVED_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('webhook-'))
        ctx.addIssue({ code: 'custom', message: `The ${name} header is set by the server and cannot be configured` });
      if (/[\r\n\0]/.test(value)) ctx.addIssue({ code: 'custom', message: `The ${name.slice(0, 40)} header value may not contain line breaks` });
      // What HTTP (and Node, which refuses to send anything else) allows in a value: tab, printable ASCII, Latin-1.
      else if (/[^\t\x20-\x7e\x80-\xff]/.test(value))
        ctx.addIssue({
          code: 'custom',
          message: `The ${name.slice(0, 40)} header value may hold only plain characters (no control characters, emoji or typographic quotes)`,
        });
      if (value.length > WEBHOOK_HEADER_VALUE_MAX)
        ctx.addIssue({ code: 'custom', message: `The ${name.slice(0, 40)} header value must be at most ${WEBHOOK_HEADER_VALUE_MAX} characters` });
    }
  });

/**
 * Spec §5: the form's headers box is JSON text; invalid JSON fails the save with "Failed to save webhook configuration".
 * The API takes the object itself or that text.
 */
export const webhookHeadersInputSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: 'Headers must be a JSON object of names to text values' })
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (!value.trim()) return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.invalidHeadersJson });
      return z.NEVER;
    }
  })
  .pipe(webhookHeadersSchema);

/** Parses the form's headers text the way the server does; null when it is not valid JSON. */
export function parseWebhookHeadersText(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be from ${min} to ${max}`)
    .max(max, `${label} must be from ${min} to ${max}`);

const fields = {
  name: z.string().trim().min(1, 'Name is required').max(WEBHOOK_NAME_MAX, `Name must be at most ${WEBHOOK_NAME_MAX} characters`),
  url: webhookUrlSchema,
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type' }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)]),
  isActive: z.boolean({ error: 'Active must be on or off' }),
  retryCount: wholeNumber('Retry count', WEBHOOK_RETRY_COUNT),
  timeoutSeconds: wholeNumber('Timeout', WEBHOOK_TIMEOUT_SECONDS),
  headers: webhookHeadersInputSchema,
};

export const createWebhookConfigBodySchema = z.object({
  name: fields.name,
  url: fields.url,
  eventTypes: fields.eventTypes.default([...DEFAULT_WEBHOOK_EVENT_TYPES]),
  isActive: fields.isActive.default(true),
  /** Optional (spec §5): a valid whsec_ value is used as is; none, and the server generates one. */
  secret: webhookSecretInputSchema,
  retryCount: fields.retryCount.default(WEBHOOK_RETRY_COUNT.default),
  timeoutSeconds: fields.timeoutSeconds.default(WEBHOOK_TIMEOUT_SECONDS.default),
  headers: fields.headers.default({}),
});
export type CreateWebhookConfigBody = z.input<typeof createWebhookConfigBodySchema>;

export const updateWebhookConfigBodySchema = z.object({
  name: fields.name.optional(),
  url: fields.url.optional(),
  eventTypes: fields.eventTypes.optional(),
  isActive: fields.isActive.optional(),
  retryCount: fields.retryCount.optional(),
  timeoutSeconds: fields.timeoutSeconds.optional(),
  headers: fields.headers.optional(),
});
export type UpdateWebhookConfigBody = z.input<typeof updateWebhookConfigBodySchema>;

/** A new secret: the one given (a valid whsec_ value) or a generated one. The old one keeps signing for 24 hours. */
export const rotateWebhookSecretBodySchema = z.object({ secret: webhookSecretInputSchema }).default({ secret: undefined });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'failed', 'succeeded', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** What the screens call them: "failed" is waiting for a retry; "dead" will not be tried again. */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  failed: 'Retrying',
  succeeded: 'Delivered',
  dead: 'Failed',
};

export const webhookConfigSchema = z.object({
  id: z.uuid(),
  /** null: an installation-wide configuration of the staff, which receives the events of every organization. */
  organizationId: z.uuid().nullable(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  isActive: z.boolean(),
  /** whsec_…last4: the whole secret is shown once, when it is created. */
  secretHint: z.string(),
  /** While set, deliveries carry a second signature with the previous secret. */
  previousSecretExpiresAt: z.string().nullable(),
  retryCount: z.number().int(),
  timeoutSeconds: z.number().int(),
  headers: z.record(z.string(), z.string()),
  /** The first failure since the last success; null while the endpoint answers. */
  failingSince: z.string().nullable(),
  /** Why the server turned the webhook off (410 Gone, failing for days); null otherwise. */
  disabledReason: z.string().nullable(),
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), eventType: z.string(), at: z.string(), statusCode: z.number().int().nullable() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

/** What the installation applies on top of each configuration (System Configuration → Webhook Management). */
export const webhookDeliveryLimitsSchema = z.object({
  maxTimeoutSeconds: z.number().int(),
  maxRetryCount: z.number().int(),
  rateLimitPerMinute: z.number().int(),
  maxConfigurations: z.number().int(),
  disableAfterDays: z.number().int(),
});
export type WebhookDeliveryLimits = z.infer<typeof webhookDeliveryLimitsSchema>;

export const webhookConfigListSchema = z.object({ items: z.array(webhookConfigSchema), limits: webhookDeliveryLimitsSchema });
export type WebhookConfigList = z.infer<typeof webhookConfigListSchema>;

/** Creation and rotation answer with the whole secret, once. */
export const webhookConfigWithSecretSchema = z.object({ webhook: webhookConfigSchema, secret: z.string() });
export type WebhookConfigWithSecret = z.infer<typeof webhookConfigWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The webhook-id header: the same for every attempt and every resend of one event. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  /** The body sent (the same bytes on every attempt). */
  payload: z.string(),
  createdAt: z.string(),
  /** Every finished attempt, oldest first (the fields above repeat the last one). */
  attemptLog: z.array(
    z.object({
      attemptedAt: z.string(),
      succeeded: z.boolean(),
      statusCode: z.number().int().nullable(),
      latencyMs: z.number().int().nullable(),
      responseExcerpt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookDeliveryAttempt = WebhookDelivery['attemptLog'][number];

export const webhookDeliveryListSchema = paginated(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuerySchema>;

export const webhookDeliveryParamsSchema = z.object({
  id: idSchema,
  deliveryId: z.coerce.number({ error: 'Invalid delivery id' }).int('Invalid delivery id').min(1, 'Invalid delivery id').max(Number.MAX_SAFE_INTEGER),
});

/**
 * The calls of the organization's webhook actions (issue 41 item 4): `GET /api/webhooks/action-calls`, newest first, a
 * page at a time, beside the webhooks' deliveries. A call succeeded when the endpoint answered 2xx.
 */
export const ACTION_CALL_OUTCOMES = ['succeeded', 'failed'] as const;
export type ActionCallOutcome = (typeof ACTION_CALL_OUTCOMES)[number];

export const actionCallLogQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(20),
  chatbotId: idSchema.optional(),
  outcome: z.enum(ACTION_CALL_OUTCOMES, { error: `outcome must be one of ${ACTION_CALL_OUTCOMES.join(', ')}` }).optional(),
});
export type ActionCallLogQuery = z.input<typeof actionCallLogQuerySchema>;

export const actionCallLogEntrySchema = z.object({
  id: z.uuid(),
  /** When the call started. */
  at: z.string(),
  chatbotId: z.uuid(),
  chatbotName: z.string(),
  actionId: z.uuid(),
  actionName: z.string(),
  /** The host of the action's address as it is now (an address changed since is not kept per call). */
  urlHost: z.string().nullable(),
  /** Null when no answer came (a timeout, a refused address) or nothing was sent (arguments that did not match). */
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  succeeded: z.boolean(),
  /** Why it failed, in Parley's words; never the endpoint's body or a secret. */
  error: z.string().nullable(),
});
export type ActionCallLogEntry = z.infer<typeof actionCallLogEntrySchema>;
export const actionCallLogSchema = paginated(actionCallLogEntrySchema);
export type ActionCallLog = z.infer<typeof actionCallLogSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Payloads. Every body is `{ type, timestamp, data }`; `data.organizationId` names the organization the event
// happened in (staff webhooks receive the events of every organization).

export interface WebhookPayload<T extends AnyWebhookEventType = AnyWebhookEventType> {
  type: T;
  /** When the event happened (ISO 8601, UTC); webhook-timestamp is when the attempt was made. */
  timestamp: string;
  data: WebhookEventData[T];
}

export interface WebhookChatbot {
  id: string;
  name: string;
  description: string;
  status: 'draft' | 'live';
  modelProvider: string;
  modelName: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDocument {
  id: string;
  name: string;
  kind: 'file' | 'text' | 'url';
}

export interface WebhookEventData {
  'bot.created': { organizationId: string; chatbot: WebhookChatbot };
  'bot.updated': { organizationId: string; chatbot: WebhookChatbot; changedFields: string[] };
  'bot.deleted': { organizationId: string; chatbot: { id: string; name: string } };
  'document.processed': {
    organizationId: string;
    chatbotId: string;
    document: WebhookDocument & { chunkCount: number; tokenCount: number; processedAt: string };
  };
  'document.failed': { organizationId: string; chatbotId: string; document: WebhookDocument & { error: string } };
  'conversation.started': {
    organizationId: string;
    chatbotId: string;
    conversation: { id: string; channel: 'widget' | 'test' | 'api'; visitorId: string; startedAt: string };
  };
  'conversation.ended': {
    organizationId: string;
    chatbotId: string;
    conversation: { id: string; endedAt: string; endedBy: string | null; handoffId: string };
  };
  'message.created': {
    organizationId: string;
    chatbotId: string;
    conversationId: string;
    message: {
      id: string;
      role: 'user' | 'assistant' | 'agent';
      content: string;
      createdAt: string;
      /** The bot's answers: answered, declined, limited or handoff. */
      outcome: string | null;
      tokens: number;
    };
  };
  'handoff.requested': {
    organizationId: string;
    chatbotId: string;
    conversationId: string;
    handoff: { id: string; reason: 'visitor_request' | 'phrase' | 'no_answer'; requestedAt: string };
  };
  'handoff.closed': {
    organizationId: string;
    chatbotId: string;
    conversationId: string;
    handoff: { id: string; outcome: 'bot' | 'ended'; closedAt: string; closedBy: string | null };
  };
  'usage.threshold_reached': {
    organizationId: string;
    /** Percent of the monthly token limit: 80 or 100. */
    threshold: number;
    /** The calendar month (UTC), YYYY-MM. */
    period: string;
    tokens: { used: number; limit: number };
  };
  'subscription.updated': {
    organizationId: string;
    subscription: {
      /** The subscription's plan and status (active, trialing, past_due, unpaid, canceled, incomplete). */
      tier: string;
      status: string;
      /** The organization's plan before the change, and after it (free when no subscription applies). */
      previousTier: string | null;
      organizationTier: string;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: string | null;
    };
  };
  'payment.failed': {
    organizationId: string;
    payment: {
      /** The provider's invoice id, and the invoice number customers see. */
      invoiceId: string;
      invoiceNumber: string | null;
      amountCents: number;
      currency: string;
      attempt: number;
      nextAttemptAt: string | null;
      reason: string;
    };
  };
  'webhook.test': { organizationId: string | null; webhookId: string; message: string };
}
