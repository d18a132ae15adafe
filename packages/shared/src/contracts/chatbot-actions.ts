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
 * (`GET /api/chatbots/:id/actions/n8n-endpoints`): active endpoints only, without n8n's address or keys.
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
    name: z.string(),
    description: z.string(),
    url: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    parameters: z.record(z.string(), z.unknown()),
  }),
});
export const actionCatalogueSchema = z.object({ items: z.array(actionCatalogueItemSchema) });
export type ActionCatalogue = z.infer<typeof actionCatalogueSchema>;
