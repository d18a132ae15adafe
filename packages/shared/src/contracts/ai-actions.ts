import { z } from 'zod';
import {
  ACTION_EVENT_PRIORITY_DEFAULT,
  ACTION_EVENT_PRIORITY_MAX,
  ACTION_EVENT_PRIORITY_MIN,
  ACTION_WEBHOOK_RETRIES_DEFAULT,
  ACTION_WEBHOOK_RETRIES_MAX,
  ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS,
  ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS,
  ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS,
} from '../constants';
import { CHATBOT_ACTION_KINDS } from './chatbot-actions';
import { expectedUpdatedAtSchema, idSchema } from './common';

/**
 * Custom Action Management (spec part 2 §2 "Custom Action Management (AI agents)", §3 ai_action_categories,
 * ai_action_templates, webhook definitions and event handlers, §5, §7, §8). Beyond the spec, an action's
 * webhooks and event handlers are saved with it.
 */

export const ACTION_TYPES = ['webhook', 'api_call', 'data_collection', 'notification', 'integration'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The lucide icons an action or category can show (spec §3). */
export const ACTION_ICONS = ['Zap', 'Globe', 'FileText', 'Bell', 'ExternalLink', 'UserCheck', 'MessageSquare', 'Code', 'Search'] as const;
export type ActionIcon = (typeof ACTION_ICONS)[number];

export const ACTION_WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ActionWebhookMethod = (typeof ACTION_WEBHOOK_METHODS)[number];

export const ACTION_WEBHOOK_TRIGGERS = ['action.triggered', 'action.completed', 'action.failed', 'data.received', 'user.interaction'] as const;
export type ActionWebhookTrigger = (typeof ACTION_WEBHOOK_TRIGGERS)[number];

export const ACTION_EVENT_TYPES = [
  'user_input',
  'chatbot_response',
  'conversation_start',
  'conversation_end',
  'data_received',
  'external_trigger',
  'scheduled',
] as const;
export type ActionEventType = (typeof ACTION_EVENT_TYPES)[number];

export const ACTION_EVENT_ACTIONS = ['webhook_call', 'data_store', 'notification', 'n8n_workflow', 'custom_function'] as const;
export type ActionEventAction = (typeof ACTION_EVENT_ACTIONS)[number];

/** Decided limits (not in the spec; see docs/decisions/README.md): they keep one template a bounded document. */
export const ACTION_NAME_MAX = 100;
export const ACTION_DESCRIPTION_MAX = 1000;
export const ACTION_CONFIG_MAX = 20_000;
export const ACTION_INSTRUCTIONS_MAX = 20_000;
export const ACTION_WEBHOOKS_MAX = 20;
export const ACTION_EVENT_HANDLERS_MAX = 50;
export const ACTION_WEBHOOK_HEADERS_MAX = 30;
export const ACTION_HEADER_VALUE_MAX = 2000;
export const ACTION_URL_MAX = 2048;
export const ACTION_CONDITION_MAX = 2000;
export const ACTION_PAYLOAD_MAPPING_MAX = 10_000;
export const ACTION_LOCAL_ID_MAX = 64;
/** At most this many action templates and categories (409 past that), as the other catalogues (decisions/0017-catalogue-and-system-configuration.md). */
export const ACTION_TEMPLATES_MAX = 200;
export const ACTION_CATEGORIES_MAX = 50;
export const ACTION_TEMPLATE_LIST_LIMIT = ACTION_TEMPLATES_MAX;
export const ACTION_SEARCH_MAX = 200;
/** Webhook tests one admin may send per minute (each is an outbound request on their behalf). */
export const ACTION_WEBHOOK_TESTS_PER_MINUTE = 20;

/** User-facing text of this screen; quoted strings are the spec's (§6, §8). */
export const AI_ACTION_MESSAGES = {
  saveFailed: 'Failed to save action template',
  updated: 'Action template updated successfully',
  created: 'Action template created successfully',
  webhookTestFailed: 'Webhook Test Failed',
  webhookTestSucceeded: 'Webhook test successful',
  webhookNameAndUrlRequired: 'Please provide a name and endpoint URL for the webhook',
  adminAccessRequired: 'Admin access required. Ensure your account has admin privileges.',
  privateAddress: 'This address is on a private or local network. Webhook tests can only reach public internet addresses.',
  tooManyTemplates: `There are already ${ACTION_TEMPLATES_MAX} action templates. Delete one before adding another.`,
  tooManyCategories: `There are already ${ACTION_CATEGORIES_MAX} categories. Delete one before adding another.`,
} as const;

/** Spec §8: a failed test names the HTTP status ("HTTP {status}") and its text. */
export const httpStatusLabel = (status: number, statusText?: string) => `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;

const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const requiredName = (label: string) => trimmed(ACTION_NAME_MAX, label).min(1, `${label} is required`);

/** A client-made id for a webhook or handler inside one template (unique within it). */
const localIdSchema = z
  .string()
  .trim()
  .min(1, 'id is required')
  .max(ACTION_LOCAL_ID_MAX, `id must be at most ${ACTION_LOCAL_ID_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'id may contain only letters, digits, underscores and hyphens');

export const httpUrlSchema = z
  .string()
  .trim()
  .min(1, 'Endpoint URL is required')
  .max(ACTION_URL_MAX, `Endpoint URL must be at most ${ACTION_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Endpoint URL must be a valid http:// or https:// address');

/** Headers the HTTP client sets itself (framing, connection, target): an action may not override them. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Webhook headers: a JSON object of header names to string values. */
export const webhookHeadersSchema = z
  .record(z.string(), z.string({ error: 'Header values must be strings' }), { error: 'Headers must be a JSON object of names to text values' })
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > ACTION_WEBHOOK_HEADERS_MAX) ctx.addIssue({ code: 'custom', message: `At most ${ACTION_WEBHOOK_HEADERS_MAX} headers are allowed` });
    for (const name of names) {
      const value = headers[name]!;
      if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', message: `"${name.slice(0, 40)}" is not a valid header name` });
      else if (RESERVED_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('proxy-'))
        ctx.addIssue({ code: 'custom', message: `The ${name} header is set by the server and cannot be configured` });
      if (/[\r\n\0]/.test(value)) ctx.addIssue({ code: 'custom', message: `The ${name.slice(0, 40)} header value may not contain line breaks` });
      if (value.length > ACTION_HEADER_VALUE_MAX)
        ctx.addIssue({ code: 'custom', message: `The ${name.slice(0, 40)} header value must be at most ${ACTION_HEADER_VALUE_MAX} characters` });
    }
  });

const timeoutSecondsSchema = z
  .number({ error: 'Timeout must be a number of seconds' })
  .int('Timeout must be a whole number of seconds')
  .min(ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS, `Timeout must be between ${ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS} and ${ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS} seconds`)
  .max(ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS, `Timeout must be between ${ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS} and ${ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS} seconds`);

/** Spec §3 "Webhook definition inside an action", §5 and §9. */
export const actionWebhookSchema = z.object({
  id: localIdSchema,
  name: requiredName('Webhook name'),
  endpointUrl: httpUrlSchema,
  method: z.enum(ACTION_WEBHOOK_METHODS, { error: `Method must be one of ${ACTION_WEBHOOK_METHODS.join(', ')}` }).default('POST'),
  headers: webhookHeadersSchema.default({}),
  timeoutSeconds: timeoutSecondsSchema.default(ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS),
  retryCount: z
    .number({ error: 'Retry count must be a number' })
    .int('Retry count must be a whole number')
    .min(0, `Retry count must be between 0 and ${ACTION_WEBHOOK_RETRIES_MAX}`)
    .max(ACTION_WEBHOOK_RETRIES_MAX, `Retry count must be between 0 and ${ACTION_WEBHOOK_RETRIES_MAX}`)
    .default(ACTION_WEBHOOK_RETRIES_DEFAULT),
  eventTriggers: z
    .array(z.enum(ACTION_WEBHOOK_TRIGGERS, { error: `Event triggers must be among ${ACTION_WEBHOOK_TRIGGERS.join(', ')}` }))
    .max(ACTION_WEBHOOK_TRIGGERS.length)
    .refine((triggers) => new Set(triggers).size === triggers.length, 'Each event trigger can be listed only once')
    .default([]),
});
export type ActionWebhook = z.infer<typeof actionWebhookSchema>;
export type ActionWebhookInput = z.input<typeof actionWebhookSchema>;

/** Spec §3 "Event handler inside an action", §5. Condition and payload mapping are kept as text. */
export const actionEventHandlerSchema = z.object({
  id: localIdSchema,
  name: requiredName('Handler name'),
  eventType: z.enum(ACTION_EVENT_TYPES, { error: `Event type must be one of ${ACTION_EVENT_TYPES.join(', ')}` }),
  condition: z.string().max(ACTION_CONDITION_MAX, `Condition must be at most ${ACTION_CONDITION_MAX} characters`).default(''),
  action: z.enum(ACTION_EVENT_ACTIONS, { error: `Action must be one of ${ACTION_EVENT_ACTIONS.join(', ')}` }).default('webhook_call'),
  payloadMapping: z.string().max(ACTION_PAYLOAD_MAPPING_MAX, `Payload mapping must be at most ${ACTION_PAYLOAD_MAPPING_MAX} characters`).default(''),
  isActive: z.boolean().default(true),
  priority: z
    .number({ error: 'Priority must be a number' })
    .int('Priority must be a whole number')
    .min(ACTION_EVENT_PRIORITY_MIN, `Priority must be between ${ACTION_EVENT_PRIORITY_MIN} and ${ACTION_EVENT_PRIORITY_MAX}`)
    .max(ACTION_EVENT_PRIORITY_MAX, `Priority must be between ${ACTION_EVENT_PRIORITY_MIN} and ${ACTION_EVENT_PRIORITY_MAX}`)
    .default(ACTION_EVENT_PRIORITY_DEFAULT),
});
export type ActionEventHandler = z.infer<typeof actionEventHandlerSchema>;
export type ActionEventHandlerInput = z.input<typeof actionEventHandlerSchema>;

const uniqueIds = (label: string) => (items: { id: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Two ${label} have the id "${item.id}": ids must be unique` });
    seen.add(item.id);
  });
};

const webhooksSchema = z
  .array(actionWebhookSchema)
  .max(ACTION_WEBHOOKS_MAX, `An action can have at most ${ACTION_WEBHOOKS_MAX} webhooks`)
  .superRefine(uniqueIds('webhooks'));
const eventHandlersSchema = z
  .array(actionEventHandlerSchema)
  .max(ACTION_EVENT_HANDLERS_MAX, `An action can have at most ${ACTION_EVENT_HANDLERS_MAX} event handlers`)
  .superRefine(uniqueIds('event handlers'));

/**
 * A template that points to an MCP server (issue 41 item 6; docs/decisions/0048-mcp-action-sources.md): its
 * `templateConfig` JSON holds `{"mcp": {"url": "…", "tools": ["…"]}}`, the server's Streamable HTTP endpoint and the
 * tools the template offers (every tool the server lists when `tools` is empty). No credential is kept with it: an
 * owner who adds the template gives their own when the server asks for one.
 */
export const ACTION_TEMPLATE_MCP_TOOLS_MAX = 200;
export const ACTION_TEMPLATE_MCP_TOOL_NAME_MAX = 128;
export const ACTION_TEMPLATE_MCP_MESSAGES = {
  notObject: 'The configuration’s "mcp" must be an object with the server’s "url" and the "tools" the template offers',
  url: 'The MCP server URL must be a valid http:// or https:// address',
  tools: `The MCP tools must be a list of at most ${ACTION_TEMPLATE_MCP_TOOLS_MAX} distinct tool names of 1 to ${ACTION_TEMPLATE_MCP_TOOL_NAME_MAX} characters`,
  // Worded without the words the error sanitiser hides (token, secret), so the operator reads it.
  onlyUrlAndTools: 'The configuration’s "mcp" holds only "url" and "tools": a template keeps no credential for the server (owners give their own)',
} as const;

export const actionTemplateMcpSchema = z
  .looseObject(
    {
      url: z
        .string({ error: ACTION_TEMPLATE_MCP_MESSAGES.url })
        .max(ACTION_URL_MAX, ACTION_TEMPLATE_MCP_MESSAGES.url)
        .refine((value) => {
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && value.trim() === value;
          } catch {
            return false;
          }
        }, ACTION_TEMPLATE_MCP_MESSAGES.url),
      tools: z
        .array(
          z
            .string({ error: ACTION_TEMPLATE_MCP_MESSAGES.tools })
            .min(1, ACTION_TEMPLATE_MCP_MESSAGES.tools)
            .max(ACTION_TEMPLATE_MCP_TOOL_NAME_MAX, ACTION_TEMPLATE_MCP_MESSAGES.tools),
          {
            error: ACTION_TEMPLATE_MCP_MESSAGES.tools,
          },
        )
        .max(ACTION_TEMPLATE_MCP_TOOLS_MAX, ACTION_TEMPLATE_MCP_MESSAGES.tools)
        .refine((tools) => new Set(tools).size === tools.length, ACTION_TEMPLATE_MCP_MESSAGES.tools)
        .default([]),
    },
    { error: ACTION_TEMPLATE_MCP_MESSAGES.notObject },
  )
  .superRefine((mcp, ctx) => {
    if (Object.keys(mcp).some((key) => key !== 'url' && key !== 'tools'))
      ctx.addIssue({ code: 'custom', message: ACTION_TEMPLATE_MCP_MESSAGES.onlyUrlAndTools });
  })
  // Unknown keys were refused above; what is kept is the url and the tools.
  .transform(({ url, tools }) => ({ url, tools }));
export type ActionTemplateMcp = z.infer<typeof actionTemplateMcpSchema>;

/** The configuration as a JSON object (`{}` when it is empty), or null when it is not JSON or not an object. */
export function parseTemplateConfig(templateConfig: string): Record<string, unknown> | null {
  if (!templateConfig.trim()) return {};
  try {
    const config: unknown = JSON.parse(templateConfig);
    return config && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The MCP server a template points to: its valid `mcp` entry, else null (a webhook template, or a configuration that does not parse). */
export function templateMcpServer(templateConfig: string): ActionTemplateMcp | null {
  const config = parseTemplateConfig(templateConfig);
  if (!config || config.mcp === undefined) return null;
  const parsed = actionTemplateMcpSchema.safeParse(config.mcp);
  return parsed.success ? parsed.data : null;
}

/** The fields of a template (create takes them with defaults; update takes any of them). */
const templateFields = {
  name: requiredName('Name'),
  description: trimmed(ACTION_DESCRIPTION_MAX, 'Description'),
  actionType: z.enum(ACTION_TYPES, { error: `Action type must be one of ${ACTION_TYPES.join(', ')}` }),
  categoryId: idSchema.nullable(),
  /** JSON text; kept as written when it does not parse (spec §3), but an `mcp` entry of a JSON object must be valid. */
  templateConfig: z
    .string()
    .max(ACTION_CONFIG_MAX, `Configuration must be at most ${ACTION_CONFIG_MAX} characters`)
    .superRefine((text, ctx) => {
      const mcp = parseTemplateConfig(text)?.mcp;
      if (mcp === undefined) return;
      const parsed = actionTemplateMcpSchema.safeParse(mcp);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? ACTION_TEMPLATE_MCP_MESSAGES.notObject });
    }),
  instructionsTemplate: z.string().max(ACTION_INSTRUCTIONS_MAX, `Instructions must be at most ${ACTION_INSTRUCTIONS_MAX} characters`),
  icon: z.enum(ACTION_ICONS, { error: `Icon must be one of ${ACTION_ICONS.join(', ')}` }),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  webhooks: webhooksSchema,
  eventHandlers: eventHandlersSchema,
};

export const createActionTemplateBodySchema = z.object({
  name: templateFields.name,
  description: templateFields.description.default(''),
  actionType: templateFields.actionType,
  categoryId: templateFields.categoryId.default(null),
  templateConfig: templateFields.templateConfig.default('{}'),
  instructionsTemplate: templateFields.instructionsTemplate.default(''),
  icon: templateFields.icon.default('Zap'),
  isFeatured: templateFields.isFeatured.default(false),
  isActive: templateFields.isActive.default(true),
  webhooks: templateFields.webhooks.default([]),
  eventHandlers: templateFields.eventHandlers.default([]),
});
export type CreateActionTemplateBody = z.input<typeof createActionTemplateBodySchema>;
export type ActionTemplateFormOutput = z.output<typeof createActionTemplateBodySchema>;

/** Any of the fields; with `expectedUpdatedAt` a template another admin saved since is not overwritten (409). */
export const updateActionTemplateBodySchema = z
  .object(templateFields)
  .partial()
  .extend({ expectedUpdatedAt: expectedUpdatedAtSchema })
  .refine(({ expectedUpdatedAt: _version, ...body }) => Object.values(body).some((value) => value !== undefined), 'Nothing to update: give at least one field');
export type UpdateActionTemplateBody = z.input<typeof updateActionTemplateBodySchema>;

export const actionTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  actionType: z.enum(ACTION_TYPES),
  categoryId: z.uuid().nullable(),
  templateConfig: z.string(),
  instructionsTemplate: z.string(),
  icon: z.enum(ACTION_ICONS),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  webhooks: z.array(actionWebhookSchema),
  eventHandlers: z.array(actionEventHandlerSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActionTemplate = z.infer<typeof actionTemplateSchema>;

export const actionTemplateListQuerySchema = z.object({
  search: z.string().max(ACTION_SEARCH_MAX, `search must be at most ${ACTION_SEARCH_MAX} characters`).default(''),
  /** A category id, 'uncategorized', or empty for all. */
  category: z.union([idSchema, z.literal('uncategorized'), z.literal('')], { error: 'category must be a category id or "uncategorized"' }).default(''),
});
export type ActionTemplateListQuery = z.input<typeof actionTemplateListQuerySchema>;

/** Newest first, at most ACTION_TEMPLATE_LIST_LIMIT; `total` says how many match. */
export const actionTemplateListSchema = z.object({ items: z.array(actionTemplateSchema), total: z.number().int(), limit: z.number().int() });
export type ActionTemplateList = z.infer<typeof actionTemplateListSchema>;

/** Categories (spec §3 ai_action_categories). */
const categoryFields = {
  name: requiredName('Category name'),
  description: trimmed(ACTION_DESCRIPTION_MAX, 'Description'),
  icon: z.enum(ACTION_ICONS, { error: `Icon must be one of ${ACTION_ICONS.join(', ')}` }),
  isActive: z.boolean(),
  sortOrder: z
    .number({ error: 'Sort order must be a number' })
    .int('Sort order must be a whole number')
    .min(0, 'Sort order must be between 0 and 10000')
    .max(10_000, 'Sort order must be between 0 and 10000'),
};

export const createActionCategoryBodySchema = z.object({
  name: categoryFields.name,
  description: categoryFields.description.default(''),
  icon: categoryFields.icon.default('Zap'),
  isActive: categoryFields.isActive.default(true),
  sortOrder: categoryFields.sortOrder.default(0),
});
export type CreateActionCategoryBody = z.input<typeof createActionCategoryBodySchema>;

/** Any of the fields; with `expectedUpdatedAt` a category another admin saved since is not overwritten (409). */
export const updateActionCategoryBodySchema = z
  .object(categoryFields)
  .partial()
  .extend({ expectedUpdatedAt: expectedUpdatedAtSchema })
  .refine(({ expectedUpdatedAt: _version, ...body }) => Object.values(body).some((value) => value !== undefined), 'Nothing to update: give at least one field');
export type UpdateActionCategoryBody = z.input<typeof updateActionCategoryBodySchema>;

export const actionCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(ACTION_ICONS),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** Templates in this category (active or not). */
  templateCount: z.number().int(),
  createdAt: z.string(),
  /** The version to send back as `expectedUpdatedAt`. */
  updatedAt: z.string(),
});
export type ActionCategory = z.infer<typeof actionCategorySchema>;

export const actionCategoryListQuerySchema = z.object({
  /** Spec §7 lists active categories; the manage dialog asks for all. */
  includeInactive: z
    .enum(['true', 'false'], { error: 'includeInactive must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export const actionCategoryListSchema = z.object({ items: z.array(actionCategorySchema) });

/** The Analytics tab's periods: the last 7, 30 or 90 days (UTC, today included). */
export const ACTION_USAGE_PERIODS = [7, 30, 90] as const;
export const ACTION_USAGE_DEFAULT_DAYS = 30;
/** Where the actions of a usage row come from: a catalogue template, an organization's own, or actions since deleted. */
export const ACTION_USAGE_SOURCES = ['template', 'own', 'deleted'] as const;
export type ActionUsageSource = (typeof ACTION_USAGE_SOURCES)[number];
const ACTION_USAGE_DAYS_MESSAGE = `days must be one of ${ACTION_USAGE_PERIODS.join(', ')}`;

export const actionAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: ACTION_USAGE_DAYS_MESSAGE })
    .refine((days) => (ACTION_USAGE_PERIODS as readonly number[]).includes(days), ACTION_USAGE_DAYS_MESSAGE)
    .default(ACTION_USAGE_DEFAULT_DAYS),
});
export type ActionAnalyticsQuery = z.input<typeof actionAnalyticsQuerySchema>;

/** Calls of actions, and how they went: a call succeeded when it has no error (a 2xx answer for a webhook). */
export const actionCallFiguresSchema = z.object({
  calls: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** succeeded / calls, 0–1; null without calls. */
  successRate: z.number().nullable(),
  /** Milliseconds, rounded; null without calls. */
  avgDurationMs: z.number().int().nullable(),
  p95DurationMs: z.number().int().nullable(),
});
export type ActionCallFigures = z.infer<typeof actionCallFiguresSchema>;

export const actionUsageSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  totals: actionCallFiguresSchema.extend({
    /** Chatbots that have at least one action, and those with a call in the period. */
    chatbotsWithActions: z.number().int(),
    chatbotsCalling: z.number().int(),
  }),
  /** One entry per UTC day of the period, zeros included. */
  daily: z.array(z.object({ date: z.string(), calls: z.number().int(), failed: z.number().int() })),
  /** Per kind of action (null: calls of actions since deleted, whose kind is gone with them). */
  byKind: z.array(actionCallFiguresSchema.extend({ kind: z.enum(CHATBOT_ACTION_KINDS).nullable() })),
  /**
   * Per catalogue template (every template, most called first), then the organizations' own actions (made from no
   * template, or from one since deleted), then the calls of actions since deleted: the actions made from it now, the
   * chatbots that have one, and the period's calls.
   */
  byTemplate: z.array(
    actionCallFiguresSchema.extend({
      source: z.enum(ACTION_USAGE_SOURCES),
      /** Null for own and deleted actions. */
      templateId: idSchema.nullable(),
      name: z.string(),
      /** Whether the template is published; null for own and deleted actions. */
      isActive: z.boolean().nullable(),
      actions: z.number().int(),
      chatbots: z.number().int(),
    }),
  ),
});
export type ActionUsage = z.infer<typeof actionUsageSchema>;

/** Analytics tab: the spec's four counts, and counts per category and per action type. */
export const actionAnalyticsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  categories: z.number().int(),
  featured: z.number().int(),
  webhooks: z.number().int(),
  eventHandlers: z.number().int(),
  byCategory: z.array(z.object({ categoryId: z.uuid().nullable(), name: z.string(), total: z.number().int(), active: z.number().int() })),
  byActionType: z.array(z.object({ actionType: z.enum(ACTION_TYPES), total: z.number().int(), active: z.number().int() })),
  /** How chatbots used the actions over the period (issue 41 item 4; docs/decisions/0050-action-call-analytics.md). */
  usage: actionUsageSchema,
});
export type ActionAnalytics = z.infer<typeof actionAnalyticsSchema>;

/** POST /api/admin/ai-actions/test-webhook: the server calls the endpoint (no CORS, public addresses only). */
export const testActionWebhookBodySchema = z.object({
  endpointUrl: httpUrlSchema,
  method: actionWebhookSchema.shape.method,
  headers: webhookHeadersSchema.default({}),
  timeoutSeconds: timeoutSecondsSchema.default(ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS),
  templateId: idSchema.optional(),
});
export type TestActionWebhookBody = z.input<typeof testActionWebhookBodySchema>;

export const testActionWebhookResultSchema = z.object({
  success: z.boolean(),
  /** The HTTP status, or 0 when no answer came (refused connection, timeout, unknown host). */
  status: z.number().int(),
  statusText: z.string(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string(),
});
export type TestActionWebhookResult = z.infer<typeof testActionWebhookResultSchema>;
