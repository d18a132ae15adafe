import { z } from 'zod';
import { idSchema } from './common';

/**
 * An owner's actions on a chatbot (issue 41 items 1–2; docs/decisions/0047-chatbot-actions.md): webhooks the answer
 * model may call as tools at answer time, with arguments checked against the action's JSON Schema.
 */

/** webhook and mcp call out; handoff, contact and n8n are built in (docs/actions.md). */
export const CHATBOT_ACTION_KINDS = ['webhook', 'mcp', 'handoff', 'contact', 'n8n'] as const;
export type ChatbotActionKind = (typeof CHATBOT_ACTION_KINDS)[number];

/** Tool names as the model providers accept them (OpenAI: ^[a-zA-Z0-9_-]{1,64}$), kept to one spelling. */
export const CHATBOT_ACTION_NAME_MAX = 64;
export const CHATBOT_ACTION_NAME_PATTERN = /^[a-z0-9_]+$/;
export const CHATBOT_ACTION_DESCRIPTION_MAX = 1000;
export const CHATBOT_ACTION_URL_MAX = 2048;
export const CHATBOT_ACTION_HEADERS_MAX = 20;
export const CHATBOT_ACTION_HEADER_VALUE_MAX = 2000;
/** The JSON Schema of the parameters, as JSON text. */
export const CHATBOT_ACTION_PARAMETERS_MAX = 20_000;
/** Standard Webhooks secrets: `whsec_` and at least 24 bytes in base64. */
export const CHATBOT_ACTION_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;
/** The text of an action offered as a button (the built-in answerer, docs/actions.md). */
export const CHATBOT_ACTION_BUTTON_LABEL_MAX = 60;
/** Test calls one user may send per minute (each is an outbound request on their behalf). */
export const CHATBOT_ACTION_TESTS_PER_MINUTE = 20;
/** Headers Parley sets itself on every call. */
export const CHATBOT_ACTION_RESERVED_HEADERS = ['content-type', 'content-length', 'host', 'webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

export const CHATBOT_ACTION_MESSAGES = {
  nameRequired: 'Name is required',
  nameFormat: 'The name may contain only lowercase letters, digits and underscores',
  nameTooLong: `The name must be at most ${CHATBOT_ACTION_NAME_MAX} characters`,
  nameTaken: 'This chatbot already has an action with this name.',
  descriptionRequired: 'A description is required: it is what the model reads to decide when to call the action',
  descriptionTooLong: `The description must be at most ${CHATBOT_ACTION_DESCRIPTION_MAX} characters`,
  urlInvalid: 'The URL must be an http or https address',
  urlTooLong: `The URL must be at most ${CHATBOT_ACTION_URL_MAX} characters`,
  headerName: 'Header names may contain only letters, digits and hyphens',
  headerReserved: (name: string) => `The ${name} header is set by Parley on every call and cannot be configured`,
  headerValueTooLong: `Header values must be at most ${CHATBOT_ACTION_HEADER_VALUE_MAX} characters`,
  headerValueLine: 'Header values must be on one line',
  tooManyHeaders: `At most ${CHATBOT_ACTION_HEADERS_MAX} headers`,
  secretFormat: 'The signing secret must be a Standard Webhooks secret: whsec_ followed by at least 24 bytes in base64',
  parametersTooLarge: `The parameters schema must be at most ${CHATBOT_ACTION_PARAMETERS_MAX.toLocaleString('en-US')} characters of JSON`,
  parametersNotObject: 'The parameters schema must describe an object (type: "object")',
  parametersInvalid: (detail: string) => `The parameters schema is not a valid JSON Schema: ${detail}`,
  privateAddress: 'This address is on a private or local network. Actions can only call public internet addresses.',
  notFound: 'Action not found.',
  templateNotFound: 'Action template not found.',
  limitReached: (limit: number) =>
    `This chatbot already has ${limit} action${limit === 1 ? '' : 's'}, the most your plan allows. Delete one or upgrade your plan to add another.`,
  testArgumentsInvalid: (detail: string) => `The sample arguments do not match the parameters schema: ${detail}`,
  tooManyTests: 'Too many action tests. Please wait a minute and try again.',
  urlRequired: 'A URL is required for a webhook or MCP action',
  mcpToolRequired: 'Choose the MCP server’s tool this action calls',
  mcpToolFormat: `The MCP tool name must be 1 to ${CHATBOT_ACTION_NAME_MAX * 2} characters`,
  n8nEndpointRequired: 'Choose the n8n webhook endpoint this action calls',
  authTokenFormat: `The bearer token must be 1 to ${CHATBOT_ACTION_HEADER_VALUE_MAX} characters on one line`,
  buttonLabelTooLong: `The button label must be at most ${CHATBOT_ACTION_BUTTON_LABEL_MAX} characters`,
  tooManyMcpLookups: 'Too many MCP server look-ups. Please wait a minute and try again.',
  mcpWebhookFields: 'An MCP action sends no headers of its own and is not signed: headers and signing are for webhook actions',
} as const;

const HEADER_NAME = /^[A-Za-z0-9-]+$/;

export const chatbotActionNameSchema = z
  .string({ error: CHATBOT_ACTION_MESSAGES.nameRequired })
  .trim()
  .min(1, CHATBOT_ACTION_MESSAGES.nameRequired)
  .max(CHATBOT_ACTION_NAME_MAX, CHATBOT_ACTION_MESSAGES.nameTooLong)
  .regex(CHATBOT_ACTION_NAME_PATTERN, CHATBOT_ACTION_MESSAGES.nameFormat);

const descriptionSchema = z
  .string({ error: CHATBOT_ACTION_MESSAGES.descriptionRequired })
  .trim()
  .min(1, CHATBOT_ACTION_MESSAGES.descriptionRequired)
  .max(CHATBOT_ACTION_DESCRIPTION_MAX, CHATBOT_ACTION_MESSAGES.descriptionTooLong);

const urlSchema = z
  .string({ error: CHATBOT_ACTION_MESSAGES.urlInvalid })
  .trim()
  .max(CHATBOT_ACTION_URL_MAX, CHATBOT_ACTION_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, CHATBOT_ACTION_MESSAGES.urlInvalid);

const headersSchema = z
  .record(
    z.string().regex(HEADER_NAME, CHATBOT_ACTION_MESSAGES.headerName),
    z
      .string()
      .max(CHATBOT_ACTION_HEADER_VALUE_MAX, CHATBOT_ACTION_MESSAGES.headerValueTooLong)
      .regex(/^[^\r\n\0]*$/, CHATBOT_ACTION_MESSAGES.headerValueLine),
  )
  .refine((headers) => Object.keys(headers).length <= CHATBOT_ACTION_HEADERS_MAX, CHATBOT_ACTION_MESSAGES.tooManyHeaders)
  .superRefine((headers, ctx) => {
    for (const name of Object.keys(headers)) {
      if ((CHATBOT_ACTION_RESERVED_HEADERS as readonly string[]).includes(name.toLowerCase())) {
        ctx.addIssue({ code: 'custom', message: CHATBOT_ACTION_MESSAGES.headerReserved(name), path: [name] });
      }
    }
  });

const secretSchema = z.string().trim().regex(CHATBOT_ACTION_SECRET_PATTERN, CHATBOT_ACTION_MESSAGES.secretFormat);

/** A JSON Schema object; whether it is a valid schema is checked by the server (ajv) when saved. */
const parametersSchema = z
  .record(z.string(), z.unknown())
  .refine((schema) => JSON.stringify(schema).length <= CHATBOT_ACTION_PARAMETERS_MAX, CHATBOT_ACTION_MESSAGES.parametersTooLarge)
  .refine((schema) => schema.type === 'object', CHATBOT_ACTION_MESSAGES.parametersNotObject);

export const chatbotActionParamsSchema = z.object({ id: idSchema, actionId: idSchema });

const mcpToolSchema = z
  .string()
  .trim()
  .min(1, CHATBOT_ACTION_MESSAGES.mcpToolFormat)
  .max(CHATBOT_ACTION_NAME_MAX * 2, CHATBOT_ACTION_MESSAGES.mcpToolFormat);
const authTokenSchema = z
  .string()
  .trim()
  .min(1, CHATBOT_ACTION_MESSAGES.authTokenFormat)
  .max(CHATBOT_ACTION_HEADER_VALUE_MAX, CHATBOT_ACTION_MESSAGES.authTokenFormat)
  .regex(/^[^\r\n\0]*$/, CHATBOT_ACTION_MESSAGES.authTokenFormat);
const buttonLabelSchema = z.string().trim().max(CHATBOT_ACTION_BUTTON_LABEL_MAX, CHATBOT_ACTION_MESSAGES.buttonLabelTooLong);

export const createChatbotActionBodySchema = z
  .object({
    templateId: idSchema.nullish(),
    name: chatbotActionNameSchema,
    description: descriptionSchema,
    kind: z.enum(CHATBOT_ACTION_KINDS).default('webhook'),
    /** The webhook's (kind webhook) or the MCP server's (kind mcp) address. */
    url: urlSchema.nullish(),
    headers: headersSchema.default({}),
    /** Write-only: stored encrypted, never returned. */
    signingSecret: secretSchema.nullish(),
    /** Kind mcp: the tool's name on the server. */
    mcpTool: mcpToolSchema.nullish(),
    /** Kind mcp, write-only: the bearer token the MCP server asks for, stored encrypted. */
    authToken: authTokenSchema.nullish(),
    /** Kind n8n: the installation's n8n webhook endpoint. */
    n8nEndpointId: idSchema.nullish(),
    /** For the built-in answerer: offer it to the visitor as a button when a question matches the description. */
    offerAsButton: z.boolean().default(false),
    buttonLabel: buttonLabelSchema.nullish(),
    parameters: parametersSchema.default({ type: 'object', properties: {} }),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if ((body.kind === 'webhook' || body.kind === 'mcp') && !body.url) {
      ctx.addIssue({ code: 'custom', message: CHATBOT_ACTION_MESSAGES.urlRequired, path: ['url'] });
    }
    if (body.kind === 'mcp' && !body.mcpTool) ctx.addIssue({ code: 'custom', message: CHATBOT_ACTION_MESSAGES.mcpToolRequired, path: ['mcpTool'] });
    if (body.kind === 'n8n' && !body.n8nEndpointId) {
      ctx.addIssue({ code: 'custom', message: CHATBOT_ACTION_MESSAGES.n8nEndpointRequired, path: ['n8nEndpointId'] });
    }
  });
export type CreateChatbotActionBody = z.input<typeof createChatbotActionBodySchema>;

/** A change: what is left out stays; `signingSecret: null` removes the secret. The kind is fixed once created. */
export const updateChatbotActionBodySchema = z.object({
  name: chatbotActionNameSchema.optional(),
  description: descriptionSchema.optional(),
  url: urlSchema.optional(),
  headers: headersSchema.optional(),
  signingSecret: secretSchema.nullable().optional(),
  mcpTool: mcpToolSchema.optional(),
  /** `null` removes the token. */
  authToken: authTokenSchema.nullable().optional(),
  n8nEndpointId: idSchema.optional(),
  offerAsButton: z.boolean().optional(),
  buttonLabel: buttonLabelSchema.nullable().optional(),
  parameters: parametersSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateChatbotActionBody = z.input<typeof updateChatbotActionBodySchema>;

export const chatbotActionSchema = z.object({
  id: idSchema,
  chatbotId: idSchema,
  templateId: idSchema.nullable(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(CHATBOT_ACTION_KINDS),
  /** Null for the built-in kinds. */
  url: z.string().nullable(),
  method: z.literal('POST'),
  headers: z.record(z.string(), z.string()),
  /** Whether a signing secret is set; the secret itself never leaves the server. */
  hasSigningSecret: z.boolean(),
  mcpTool: z.string().nullable(),
  /** Whether an MCP bearer token is set (never returned). */
  hasAuthToken: z.boolean(),
  n8nEndpointId: idSchema.nullable(),
  offerAsButton: z.boolean(),
  buttonLabel: z.string().nullable(),
  parameters: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatbotAction = z.infer<typeof chatbotActionSchema>;

export const chatbotActionListSchema = z.object({
  items: z.array(chatbotActionSchema),
  /** The plan's limits: actions on one chatbot, and calls the model may make while answering one message (-1: unlimited). */
  limits: z.object({ maxActionsPerChatbot: z.number().int(), maxActionCallsPerTurn: z.number().int() }),
});
export type ChatbotActionList = z.infer<typeof chatbotActionListSchema>;

/** A test call from the server: the webhook's payload with these sample arguments (checked against the schema). */
export const testChatbotActionBodySchema = z.object({ arguments: z.record(z.string(), z.unknown()).default({}) });
export type TestChatbotActionBody = z.input<typeof testChatbotActionBodySchema>;

export const testChatbotActionResultSchema = z.object({
  success: z.boolean(),
  /** 0 when no answer came (statusText says why). */
  status: z.number().int(),
  statusText: z.string(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string(),
});
export type TestChatbotActionResult = z.infer<typeof testChatbotActionResultSchema>;

/** One call of an action while the bot answered, as the inbox shows it: arguments with secret-looking values masked. */
export const messageActionCallSchema = z.object({
  id: idSchema,
  /** The bot's answer it was made for. */
  messageId: idSchema,
  /** Null once the action was deleted. */
  actionId: idSchema.nullable(),
  actionName: z.string(),
  arguments: z.unknown(),
  resultExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  /** Null when no answer came (or nothing was sent). */
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type MessageActionCall = z.infer<typeof messageActionCallSchema>;

/**
 * Buttons without a model (issue 41 item 3; docs/decisions/0051-action-buttons.md): the built-in answerer offers the
 * actions marked `offerAsButton` whose description the question matches, as the chat stream's `actions` event; the
 * visitor fills in the fields, confirms, and the widget runs it with `POST
 * /api/public/chatbots/:id/conversations/:conversationId/actions/:actionId`.
 */
export const ACTION_OFFER_FIELD_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

/** One top-level parameter of the action, as the widget asks the visitor for it. */
export const actionOfferFieldSchema = z.object({
  name: z.string(),
  /** The parameter's `title`, or its name in words. */
  label: z.string(),
  type: z.enum(ACTION_OFFER_FIELD_TYPES),
  required: z.boolean(),
  /** Empty when the schema gives none. */
  description: z.string(),
  /** A string parameter's `enum`: the visitor picks one. */
  options: z.array(z.string()).optional(),
});
export type ActionOfferField = z.infer<typeof actionOfferFieldSchema>;

export const actionOfferSchema = z.object({
  actionId: idSchema,
  /** The button's text: the action's button label, or its name in words. */
  label: z.string(),
  description: z.string(),
  fields: z.array(actionOfferFieldSchema),
});
export type ActionOffer = z.infer<typeof actionOfferSchema>;

export const runOfferedActionParamsSchema = z.object({ id: idSchema, conversationId: idSchema, actionId: idSchema });
export const runOfferedActionBodySchema = z.object({
  visitorId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId must be 8–64 letters, digits, _ or -'),
  /** The bot's answer that offered the action: the call is recorded with it. */
  messageId: idSchema,
  arguments: z.record(z.string(), z.unknown()).default({}),
});
export type RunOfferedActionBody = z.input<typeof runOfferedActionBodySchema>;

/** What the visitor is told: "Done." (and the endpoint's short `message`), or why it did not go through. */
export const runOfferedActionResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type RunOfferedActionResult = z.infer<typeof runOfferedActionResultSchema>;

export const ACTION_BUTTON_MESSAGES = {
  done: 'Done.',
  failed: (label: string) => `Sorry, “${label}” did not go through. Please try again later.`,
  argumentsInvalid: (detail: string) => `Please check what you entered: ${detail}.`,
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  notOffered: 'This action is not available.',
  callsUsed: (limit: number) =>
    `This answer’s actions have already been run ${limit} time${limit === 1 ? '' : 's'}, the most one answer allows. Ask again to run one once more.`,
} as const;

/**
 * An MCP server as a source of actions (issue 41 item 6): `POST /api/chatbots/:id/actions/mcp-tools` connects to the
 * server (Streamable HTTP, SSRF guard, optional bearer token) and lists its tools; the owner then adds each tool the
 * chatbot may call as an action of kind `mcp` (`url`, `mcpTool`, `authToken`, the tool's `inputSchema` as `parameters`).
 */
export const discoverMcpToolsBodySchema = z.object({
  url: urlSchema,
  authToken: authTokenSchema.nullish(),
});
export type DiscoverMcpToolsBody = z.input<typeof discoverMcpToolsBodySchema>;

export const mcpToolSummarySchema = z.object({
  name: z.string(),
  /** Empty when the server gives none. */
  description: z.string(),
  /** The tool's input JSON Schema (an object schema). */
  inputSchema: z.record(z.string(), z.unknown()),
  /** A tool name that fits an action name (lowercase letters, digits and underscores), to start the owner off. */
  suggestedName: z.string(),
});
export const mcpToolListSchema = z.object({
  /** The server's name and version as it announced them. */
  server: z.object({ name: z.string(), version: z.string() }),
  tools: z.array(mcpToolSummarySchema),
});
export type McpToolList = z.infer<typeof mcpToolListSchema>;

/**
 * The operator's n8n webhook endpoints an owner may call as an action of kind `n8n`
 * (`GET /api/chatbots/:id/actions/n8n-endpoints`): active endpoints that take a body (not GET), without n8n's address
 * or keys.
 */
export const n8nActionEndpointSchema = z.object({
  id: idSchema,
  name: z.string(),
  method: z.string(),
  /** The workflow it starts, by name (null when it has none). */
  workflowName: z.string().nullable(),
});
export const n8nActionEndpointListSchema = z.object({ items: z.array(n8nActionEndpointSchema) });
export type N8nActionEndpointList = z.infer<typeof n8nActionEndpointListSchema>;

/**
 * The built-in kinds (issue 41 item 2; docs/decisions/0049-built-in-actions.md): `handoff` asks a person to join,
 * `contact` keeps the visitor's contact details with the conversation, `n8n` calls one of the installation's n8n webhook
 * endpoints. A chatbot has at most one handoff and one contact action; their parameters are fixed by the server.
 */
export const VISITOR_CONTACT_NAME_MAX = 200;
export const VISITOR_CONTACT_EMAIL_MAX = 254;
export const VISITOR_CONTACT_PHONE_MAX = 40;

/**
 * The parameters of every handoff action. Kept to what every model provider accepts in a tool's schema (Google's
 * refuses `format: "email"` and a top-level `anyOf`), so the contact action's rules beyond types are checked in code.
 */
export const HANDOFF_ACTION_PARAMETERS = {
  type: 'object',
  properties: {
    reason: { type: 'string', maxLength: 500, description: 'Why the visitor wants a person, in one sentence (the team reads it)' },
  },
} as const satisfies Record<string, unknown>;

/** The parameters of every contact action: at least one of email and phone (checked when called). */
export const CONTACT_ACTION_PARAMETERS = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: VISITOR_CONTACT_NAME_MAX, description: 'The visitor’s name, as they gave it' },
    email: { type: 'string', maxLength: VISITOR_CONTACT_EMAIL_MAX, description: 'The visitor’s e-mail address, like ana@example.com' },
    phone: { type: 'string', maxLength: VISITOR_CONTACT_PHONE_MAX, description: 'The visitor’s phone number, with the country code if they gave it' },
  },
} as const satisfies Record<string, unknown>;

export const BUILTIN_ACTION_MESSAGES = {
  // Worded without the words the error sanitiser hides (secret, token), so the owner reads it.
  noAddress: 'A built-in action (handoff, contact or n8n) calls no address of its own: leave out the URL, the headers and the webhook and MCP fields',
  n8nEndpointOnlyForN8n: 'Only an n8n action calls an n8n webhook endpoint: leave out n8nEndpointId',
  n8nEndpointUnavailable: 'Choose an active n8n webhook endpoint: this one does not exist or is turned off',
  n8nEndpointGet: 'This n8n webhook endpoint takes GET requests, which carry no arguments: choose an endpoint that takes POST',
  onlyOne: (kind: 'handoff' | 'contact') =>
    `This chatbot already has a ${kind === 'handoff' ? 'handoff' : 'contact details'} action, and a chatbot can have only one. Change that one instead.`,
} as const;

/**
 * The operator's published catalogue as an owner sees it (`GET /api/chatbots/:id/actions/catalogue`): active
 * templates with what an action made from each starts with. The owner completes and saves it as a chatbot action
 * (`templateId` set).
 */
export const actionCatalogueItemSchema = z.object({
  templateId: idSchema,
  name: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  icon: z.string(),
  isFeatured: z.boolean(),
  /** The action this template starts: a suggested tool name, the webhook address and headers, the parameters. */
  suggested: z.object({
    /**
     * `mcp` when the template points to an MCP server (its `url`): the owner lists the server's tools and adds among
     * `mcpTools` (every tool the server lists when empty) as actions of kind `mcp`, with no headers.
     */
    kind: z.enum(['webhook', 'mcp']).default('webhook'),
    name: z.string(),
    description: z.string(),
    url: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    parameters: z.record(z.string(), z.unknown()),
    /** Kind mcp: the tools of the server the template offers; empty for every tool (and for a webhook). */
    mcpTools: z.array(z.string()).default([]),
  }),
});
export const actionCatalogueSchema = z.object({ items: z.array(actionCatalogueItemSchema) });
export type ActionCatalogue = z.infer<typeof actionCatalogueSchema>;
