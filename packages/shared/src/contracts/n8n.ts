import { z } from 'zod';
import { idSchema } from './common';
import { routingConditionProblem } from './n8n-routing-condition';
import { N8N_ACCESS_DENIED } from '../admin-console';

/**
 * n8n Integration Management (spec part 2 §2 "n8n Integration Management", §3 Workflow, Webhook endpoint,
 * Routing rule, Workflow template, Advanced n8n settings, §5, §6, §7 "n8n area", §8, §9). Workflows and
 * webhook endpoints are saved on the server (tables n8n_workflows and n8n_webhook_endpoints, where the spec used
 * usage_analytics rows); beyond the spec, routing rules, templates and the advanced settings are saved too, and every
 * request Parley sends n8n is recorded for Monitoring.
 */

export const N8N_TRIGGER_TYPES = ['webhook', 'schedule', 'manual'] as const;
export type N8nTriggerType = (typeof N8N_TRIGGER_TYPES)[number];
/** Stored statuses; the table shows active (default badge), error (destructive), others (secondary). */
export const N8N_WORKFLOW_STATUSES = ['active', 'inactive', 'error'] as const;
export type N8nWorkflowStatus = (typeof N8N_WORKFLOW_STATUSES)[number];
/** What an admin may set: error is not chosen by hand. */
export const N8N_EDITABLE_WORKFLOW_STATUSES = ['active', 'inactive'] as const;
export const N8N_ENDPOINT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type N8nEndpointMethod = (typeof N8N_ENDPOINT_METHODS)[number];
export const N8N_ROUTING_ACTIONS = ['edge_function', 'n8n', 'hybrid'] as const;
export type N8nRoutingAction = (typeof N8N_ROUTING_ACTIONS)[number];
/** Spec §2 Monitoring time ranges. */
export const N8N_TIME_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type N8nTimeRange = (typeof N8N_TIME_RANGES)[number];
export const N8N_TIME_RANGE_HOURS: Record<N8nTimeRange, number> = { '1h': 1, '24h': 24, '7d': 168, '30d': 720 };
export const N8N_HEALTH_STATES = ['healthy', 'warning', 'critical'] as const;
export type N8nHealth = (typeof N8N_HEALTH_STATES)[number];
/** `action`: a chatbot's n8n action called while it answered (docs/decisions/0049-built-in-actions.md). */
export const N8N_REQUEST_KINDS = ['webhook_test', 'ingestion', 'connection_test', 'action'] as const;
export type N8nRequestKind = (typeof N8N_REQUEST_KINDS)[number];

/** Spec §3 defaults of a new workflow and webhook endpoint. */
export const N8N_WORKFLOW_DEFAULTS = { name: 'Unnamed Workflow', status: 'inactive', triggerType: 'webhook' } as const;
export const N8N_ENDPOINT_DEFAULTS = { name: 'Unnamed Endpoint', method: 'POST', isActive: true } as const;
/** Spec §9 "Advanced n8n defaults" (and, not in the spec, the switches' defaults: see docs/decisions/README.md). */
export const N8N_ADVANCED_DEFAULTS = {
  n8nEnabled: true,
  n8nPrimaryMode: true,
  n8nFallbackEnabled: true,
  n8nWorkflowTimeoutSeconds: 30,
  webhookRetryCount: 3,
  intelligentRoutingEnabled: false,
  autoFallbackThreshold: 85,
  performanceMonitoringEnabled: true,
  alertThresholdErrorRate: 10,
  alertThresholdResponseTime: 5000,
} as const;
/** Spec §5 bounds of the advanced settings' inputs; the response-time bounds are ours. */
export const N8N_LIMITS = {
  autoFallbackThreshold: { min: 0, max: 100 },
  alertThresholdErrorRate: { min: 0, max: 100 },
  webhookRetryCount: { min: 0, max: 10 },
  n8nWorkflowTimeoutSeconds: { min: 5, max: 300 },
  alertThresholdResponseTime: { min: 100, max: 300_000 },
  routingPriority: { min: 1, max: 10 },
} as const;
export const N8N_ROUTING_PRIORITY_DEFAULT = 5;

/** Decided limits (not in the spec; see docs/decisions/README.md). */
export const N8N_NAME_MAX = 100;
export const N8N_DESCRIPTION_MAX = 1000;
export const N8N_WORKFLOW_ID_MAX = 100;
export const N8N_URL_MAX = 2048;
export const N8N_PATH_MAX = 500;
export const N8N_SCHEDULE_MAX = 200;
export const N8N_CONDITION_MAX = 500;
export const N8N_CATEGORY_MAX = 50;
export const N8N_TEMPLATE_JSON_MAX = 200_000;
export const N8N_TEMPLATE_NODES_MAX = 100;
export const N8N_TEMPLATE_VARIABLES_MAX = 30;
export const N8N_WORKFLOWS_MAX = 200;
export const N8N_ENDPOINTS_MAX = 200;
export const N8N_ROUTING_RULES_MAX = 100;
export const N8N_TEMPLATES_MAX = 100;
/** Outbound requests one admin may send per minute (each is a request to n8n on their behalf). */
export const N8N_TESTS_PER_MINUTE = 20;
/** Entries of the Recent Activity list on the Monitoring tab. */
export const N8N_RECENT_REQUESTS = 20;
/** Monitoring lists this many of the latest documents and how each ended. */
export const N8N_RECENT_DOCUMENTS = 10;
/** How a document's processing ended in the n8n mode: n8n's chunks, the built-in pipeline's instead, failed, or sent to the built-in pipeline by a rule. */
export const N8N_DOCUMENT_OUTCOMES = ['n8n', 'fallback', 'failed', 'built_in'] as const;
/** Where ingestion hands a document to n8n, under the webhook base URL (docs/n8n.md). */
export const N8N_INGEST_PATH = '/parley/ingest';

/** User-facing text; quoted strings are the spec's (§6, §8). */
export const N8N_MESSAGES = {
  denied: N8N_ACCESS_DENIED,
  createFailed: (message: string) => `Failed to create workflow: ${message}`,
  created: 'Workflow configuration created successfully',
  webhookNotFound: 'Webhook not found',
  endpointInactive: 'This endpoint is inactive, so it is not tested. Mark it active (Edit) to test it.',
  httpFailure: (status: number, text: string) => `HTTP ${status}: ${text}`,
  testFailed: (message: string) => `Webhook test failed: ${message}`,
  testSucceeded: 'Webhook test successful',
  workflowNotFound: 'Workflow not found',
  ruleNotFound: 'Routing rule not found',
  templateNotFound: 'Template not found',
  noBaseUrl: 'No n8n webhook base URL is set. A system admin sets it in System Configuration → Integration Settings.',
  privateAddress:
    'This n8n address is on a private or local network, which the server does not call unless it runs with N8N_ALLOW_PRIVATE_NETWORK=true (for an n8n on your own network).',
} as const;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** An http(s) address without sign-in details, or a path under the n8n webhook base URL. */
const endpointUrlSchema = text(N8N_URL_MAX, 'Endpoint URL').refine((value) => {
  if (!value || value.startsWith('/')) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}, 'Endpoint URL must be an http:// or https:// address, or a path starting with / under the n8n webhook base URL.');

/** Five or six cron fields (n8n's Schedule Trigger accepts both), or empty. */
const scheduleSchema = text(N8N_SCHEDULE_MAX, 'Schedule expression').refine((value) => {
  if (!value) return true;
  const fields = value.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => /^[\d*/,\-A-Za-z?LW#]+$/.test(f));
}, 'Schedule expression must be a cron expression of 5 or 6 fields, for example 0 9 * * 1-5.');

export const n8nPathSchema = z
  .string({ error: 'Endpoint path is required' })
  .trim()
  .min(1, 'Endpoint path is required')
  .max(N8N_PATH_MAX, `Endpoint path must be at most ${N8N_PATH_MAX} characters`)
  .regex(/^\/[A-Za-z0-9\-._~/:%@!$&'()*+,;=]*$/, 'Endpoint path must start with / and contain only characters allowed in a URL path (no spaces, ? or #).');

// ---------------------------------------------------------------- workflows

/** Whether a workflow is active in n8n itself (read with the API key), by its n8n workflow id; null when not read. */
export const N8N_REMOTE_STATES = ['active', 'inactive', 'not_found'] as const;

export const n8nWorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  n8nWorkflowId: z.string(),
  status: z.enum(N8N_WORKFLOW_STATUSES),
  triggerType: z.enum(N8N_TRIGGER_TYPES),
  endpointUrl: z.string(),
  scheduleExpression: z.string(),
  /** Requests Parley sent the workflow (webhook tests of its endpoints, document hand-offs). */
  executionCount: z.number().int(),
  lastExecution: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type N8nWorkflow = z.infer<typeof n8nWorkflowSchema>;
export const n8nWorkflowListSchema = z.object({
  items: z.array(n8nWorkflowSchema.extend({ n8nState: z.enum(N8N_REMOTE_STATES).nullable() })),
  /** Whether n8n's own workflow states were read (an API key is saved), and why not when that failed. */
  n8nStates: z.object({ read: z.boolean(), error: z.string().nullable() }),
});
export type N8nWorkflowList = z.infer<typeof n8nWorkflowListSchema>;

/** Spec §5: the workflow form has no required fields; an empty name becomes "Unnamed Workflow". */
export const createN8nWorkflowBodySchema = z.object({
  name: text(N8N_NAME_MAX, 'Name').default(''),
  description: text(N8N_DESCRIPTION_MAX, 'Description').default(''),
  n8nWorkflowId: text(N8N_WORKFLOW_ID_MAX, 'n8n workflow ID').default(''),
  triggerType: z.enum(N8N_TRIGGER_TYPES, { error: `Trigger type must be one of ${N8N_TRIGGER_TYPES.join(', ')}` }).default('webhook'),
  endpointUrl: endpointUrlSchema.default(''),
  scheduleExpression: scheduleSchema.default(''),
});
export type CreateN8nWorkflowBody = z.input<typeof createN8nWorkflowBodySchema>;

export const updateN8nWorkflowBodySchema = z
  .object({
    name: text(N8N_NAME_MAX, 'Name'),
    description: text(N8N_DESCRIPTION_MAX, 'Description'),
    n8nWorkflowId: text(N8N_WORKFLOW_ID_MAX, 'n8n workflow ID'),
    triggerType: z.enum(N8N_TRIGGER_TYPES, { error: `Trigger type must be one of ${N8N_TRIGGER_TYPES.join(', ')}` }),
    endpointUrl: endpointUrlSchema,
    scheduleExpression: scheduleSchema,
    status: z.enum(N8N_EDITABLE_WORKFLOW_STATUSES, { error: 'Status must be active or inactive' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type UpdateN8nWorkflowBody = z.input<typeof updateN8nWorkflowBodySchema>;

// ---------------------------------------------------------------- webhook endpoints

export const n8nWebhookEndpointSchema = z.object({
  id: z.string(),
  name: z.string(),
  endpointPath: z.string(),
  method: z.enum(N8N_ENDPOINT_METHODS),
  workflowId: z.string().nullable(),
  workflowName: z.string().nullable(),
  isActive: z.boolean(),
  /** Webhook tests sent to the endpoint. */
  requestCount: z.number().int(),
  lastRequest: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type N8nWebhookEndpoint = z.infer<typeof n8nWebhookEndpointSchema>;
export const n8nWebhookEndpointListSchema = z.object({ items: z.array(n8nWebhookEndpointSchema) });
export type N8nWebhookEndpointList = z.infer<typeof n8nWebhookEndpointListSchema>;

export const createN8nWebhookEndpointBodySchema = z.object({
  name: text(N8N_NAME_MAX, 'Name').default(''),
  endpointPath: n8nPathSchema,
  method: z.enum(N8N_ENDPOINT_METHODS, { error: `Method must be one of ${N8N_ENDPOINT_METHODS.join(', ')}` }).default('POST'),
  workflowId: idSchema.nullable().default(null),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
});
export type CreateN8nWebhookEndpointBody = z.input<typeof createN8nWebhookEndpointBodySchema>;

export const updateN8nWebhookEndpointBodySchema = z
  .object({
    name: text(N8N_NAME_MAX, 'Name'),
    endpointPath: n8nPathSchema,
    method: z.enum(N8N_ENDPOINT_METHODS, { error: `Method must be one of ${N8N_ENDPOINT_METHODS.join(', ')}` }),
    workflowId: idSchema.nullable(),
    isActive: z.boolean({ error: 'Active must be true or false' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type UpdateN8nWebhookEndpointBody = z.input<typeof updateN8nWebhookEndpointBodySchema>;

/** Spec §7: the test's outcome. A failed answer is a result (success false), not an error. */
export const n8nWebhookTestResultSchema = z.object({
  success: z.boolean(),
  /** HTTP status of the answer; null when none came. */
  status: z.number().int().nullable(),
  statusText: z.string(),
  latencyMs: z.number().int(),
  /** "Webhook test successful", "HTTP {status}: {text}", or why no answer came. */
  message: z.string(),
  /** The answer parsed as JSON, when it was JSON. */
  response: z.unknown().nullable(),
  /** The first characters of the answer. */
  responseExcerpt: z.string(),
  /** Where the test went (origin and path). */
  url: z.string(),
});
export type N8nWebhookTestResult = z.infer<typeof n8nWebhookTestResultSchema>;

// ---------------------------------------------------------------- routing rules

const priorityMessage = `Priority must be a whole number from ${N8N_LIMITS.routingPriority.min} to ${N8N_LIMITS.routingPriority.max}`;
const prioritySchema = z
  .number({ error: priorityMessage })
  .int(priorityMessage)
  .min(N8N_LIMITS.routingPriority.min, priorityMessage)
  .max(N8N_LIMITS.routingPriority.max, priorityMessage);

const conditionSchema = z
  .string({ error: 'Condition is required' })
  .trim()
  .max(N8N_CONDITION_MAX, `Condition must be at most ${N8N_CONDITION_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = routingConditionProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const n8nRoutingRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  condition: z.string(),
  priority: z.number().int(),
  action: z.enum(N8N_ROUTING_ACTIONS),
  workflowId: z.string().nullable(),
  workflowName: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Documents this rule decided the route of (each once, whatever its retries). */
  executionCount: z.number().int(),
  /** Share of those that were processed by the chosen route, 0–100; null before the first. */
  successRate: z.number().nullable(),
  /** Those documents by how they ended: chunks from n8n, from the built-in pipeline instead (fallback), failed, or sent to the built-in pipeline by the rule. */
  outcomes: z.object({ n8n: z.number().int(), fallback: z.number().int(), failed: z.number().int(), builtIn: z.number().int() }),
});
export type N8nRoutingRule = z.infer<typeof n8nRoutingRuleSchema>;
export const n8nRoutingRuleListSchema = z.object({ items: z.array(n8nRoutingRuleSchema) });
export type N8nRoutingRuleList = z.infer<typeof n8nRoutingRuleListSchema>;

const routingRuleFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(N8N_NAME_MAX, `Name must be at most ${N8N_NAME_MAX} characters`),
  condition: conditionSchema,
  priority: prioritySchema,
  action: z.enum(N8N_ROUTING_ACTIONS, { error: `Action must be one of ${N8N_ROUTING_ACTIONS.join(', ')}` }),
  workflowId: idSchema.nullable(),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

/** Spec §4: a workflow is asked unless the action is edge_function. */
const workflowWhenNeeded = (value: { action?: N8nRoutingAction | undefined; workflowId?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (value.action && value.action !== 'edge_function' && !value.workflowId) {
    ctx.addIssue({ code: 'custom', path: ['workflowId'], message: 'Choose the workflow that handles these documents.' });
  }
};

export const createN8nRoutingRuleBodySchema = z
  .object({
    ...routingRuleFields,
    priority: routingRuleFields.priority.default(N8N_ROUTING_PRIORITY_DEFAULT),
    workflowId: routingRuleFields.workflowId.default(null),
    isActive: routingRuleFields.isActive.default(true),
  })
  .superRefine(workflowWhenNeeded);
export type CreateN8nRoutingRuleBody = z.input<typeof createN8nRoutingRuleBodySchema>;

/** Partial; the server checks the workflow rule against the rule's resulting action. */
export const updateN8nRoutingRuleBodySchema = z
  .object(routingRuleFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type UpdateN8nRoutingRuleBody = z.input<typeof updateN8nRoutingRuleBodySchema>;

// ---------------------------------------------------------------- workflow templates

const nodeSchema = z.looseObject({
  name: z.string({ error: 'Every node needs a name' }).trim().min(1, 'Every node needs a name').max(200),
  type: z.string({ error: 'Every node needs a type' }).trim().min(1, 'Every node needs a type').max(200),
  typeVersion: z.number().optional(),
  position: z.tuple([z.number(), z.number()]).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

/** n8n's workflow JSON: nodes and the connections between them (what n8n exports and imports). */
export const n8nTemplateDefinitionSchema = z
  .object({
    nodes: z
      .array(nodeSchema, { error: 'The template needs a list of nodes' })
      .min(1, 'The template needs at least one node')
      .max(N8N_TEMPLATE_NODES_MAX, `A template has at most ${N8N_TEMPLATE_NODES_MAX} nodes`),
    connections: z.record(z.string(), z.unknown(), { error: 'Connections must be an object keyed by node name' }),
  })
  .superRefine((value, ctx) => {
    const names = new Set<string>();
    for (const node of value.nodes) {
      if (names.has(node.name)) ctx.addIssue({ code: 'custom', path: ['nodes'], message: `Two nodes are named "${node.name}"; node names must be unique.` });
      names.add(node.name);
    }
    for (const source of Object.keys(value.connections)) {
      if (!names.has(source)) ctx.addIssue({ code: 'custom', path: ['connections'], message: `Connections start at "${source}", which is not a node.` });
    }
    if (JSON.stringify(value).length > N8N_TEMPLATE_JSON_MAX) {
      ctx.addIssue({ code: 'custom', message: `The template must be at most ${N8N_TEMPLATE_JSON_MAX / 1000} kB of JSON.` });
    }
  });
export type N8nTemplateDefinition = z.infer<typeof n8nTemplateDefinitionSchema>;

const variablesSchema = z
  .record(z.string(), z.string({ error: 'Variable values must be text' }).max(500, 'A variable value must be at most 500 characters'), {
    error: 'Variables must be an object of names and values',
  })
  .refine(
    (value) => Object.keys(value).every((name) => /^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(name)),
    'Variable names are letters, digits and _ (up to 50, not starting with a digit)',
  )
  .refine((value) => Object.keys(value).length <= N8N_TEMPLATE_VARIABLES_MAX, `At most ${N8N_TEMPLATE_VARIABLES_MAX} variables`);

/** A credential a template's nodes use: n8n's credential type and the name the node refers to. */
export const n8nTemplateCredentialSchema = z.object({ type: z.string(), name: z.string() });
export type N8nTemplateCredential = z.infer<typeof n8nTemplateCredentialSchema>;

/**
 * The credentials a workflow's nodes refer to (each node's `credentials`: `{ <type>: { name } }`), each once, in node
 * order: what must exist in n8n before the workflow can be activated.
 */
export function templateCredentials(template: Pick<N8nTemplateDefinition, 'nodes'>): N8nTemplateCredential[] {
  const found = new Map<string, N8nTemplateCredential>();
  for (const node of template.nodes) {
    const credentials = (node as { credentials?: unknown }).credentials;
    if (!credentials || typeof credentials !== 'object') continue;
    for (const [type, value] of Object.entries(credentials)) {
      const name = value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string' ? (value as { name: string }).name : '';
      if (!found.has(`${type}\u0000${name}`)) found.set(`${type}\u0000${name}`, { type, name });
    }
  }
  return [...found.values()];
}

export const n8nWorkflowTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  template: n8nTemplateDefinitionSchema,
  variables: z.record(z.string(), z.string()),
  /** The credentials the template's nodes use (templateCredentials): create them in n8n before activating it. */
  credentials: z.array(n8nTemplateCredentialSchema),
  isPublic: z.boolean(),
  isBuiltIn: z.boolean(),
  createdAt: z.string().nullable(),
});
export type N8nWorkflowTemplate = z.infer<typeof n8nWorkflowTemplateSchema>;
export const n8nWorkflowTemplateListSchema = z.object({ items: z.array(n8nWorkflowTemplateSchema) });
export type N8nWorkflowTemplateList = z.infer<typeof n8nWorkflowTemplateListSchema>;

export const createN8nWorkflowTemplateBodySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(N8N_NAME_MAX, `Name must be at most ${N8N_NAME_MAX} characters`),
  description: text(N8N_DESCRIPTION_MAX, 'Description').default(''),
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .max(N8N_CATEGORY_MAX, `Category must be at most ${N8N_CATEGORY_MAX} characters`),
  template: n8nTemplateDefinitionSchema,
  variables: variablesSchema.default({}),
  isPublic: z.boolean({ error: 'Public must be true or false' }).default(false),
});
export type CreateN8nWorkflowTemplateBody = z.input<typeof createN8nWorkflowTemplateBodySchema>;

// ---------------------------------------------------------------- advanced settings

const bounded = (field: keyof typeof N8N_LIMITS, label: string) => {
  const { min, max } = N8N_LIMITS[field];
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const n8nAdvancedSettingsBodySchema = z.object({
  n8nEnabled: z.boolean({ error: 'n8n enabled must be on or off' }),
  n8nPrimaryMode: z.boolean({ error: 'n8n primary mode must be on or off' }),
  n8nFallbackEnabled: z.boolean({ error: 'Fallback must be on or off' }),
  n8nWorkflowTimeoutSeconds: bounded('n8nWorkflowTimeoutSeconds', 'Workflow timeout (seconds)'),
  webhookRetryCount: bounded('webhookRetryCount', 'Webhook retry count'),
  intelligentRoutingEnabled: z.boolean({ error: 'Intelligent routing must be on or off' }),
  autoFallbackThreshold: bounded('autoFallbackThreshold', 'Auto fallback threshold (%)'),
  performanceMonitoringEnabled: z.boolean({ error: 'Performance monitoring must be on or off' }),
  alertThresholdErrorRate: bounded('alertThresholdErrorRate', 'Error-rate alert threshold (%)'),
  alertThresholdResponseTime: bounded('alertThresholdResponseTime', 'Response-time alert threshold (ms)'),
});
export type N8nAdvancedSettingsBody = z.infer<typeof n8nAdvancedSettingsBodySchema>;

export const n8nAdvancedSettingsSchema = n8nAdvancedSettingsBodySchema.extend({
  /** From System Configuration (system admins change them there). */
  processingMode: z.enum(['edge_functions', 'n8n_integration']),
  n8nWebhookBaseUrl: z.string().nullable(),
  /** The health endpoint the connection test calls, derived from the base URL. */
  healthUrl: z.string().nullable(),
  /** The last 4 characters of the bearer secret Parley sends n8n; the whole value is shown once, when made. */
  webhookSecretHint: z.string().nullable(),
  webhookSecretCreatedAt: z.string().nullable(),
  /** The last 4 characters of the n8n API key Parley reads n8n's workflow states with; null: none saved. */
  apiKeyHint: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type N8nAdvancedSettings = z.infer<typeof n8nAdvancedSettingsSchema>;

/** An n8n API key (n8n → Settings → n8n API) to save, or null to remove the saved one. */
export const n8nApiKeyBodySchema = z.object({ apiKey: z.string().trim().min(1, 'Enter the n8n API key.').max(2000).nullable() });
export type N8nApiKeyBody = z.infer<typeof n8nApiKeyBodySchema>;

export const n8nWebhookSecretSchema = z.object({ secret: z.string(), createdAt: z.string() });
export type N8nWebhookSecret = z.infer<typeof n8nWebhookSecretSchema>;

/** Test a typed address before a system admin saves it, or (empty) the configured one. */
export const testN8nHealthBodySchema = z.object({
  url: z
    .string()
    .trim()
    .max(N8N_URL_MAX, `The n8n base URL must be at most ${N8N_URL_MAX} characters`)
    .refine((value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, 'The n8n base URL must be an http:// or https:// address without sign-in details.')
    .default(''),
});
export type TestN8nHealthBody = z.input<typeof testN8nHealthBodySchema>;

export const n8nHealthResultSchema = z.object({
  reachable: z.boolean(),
  status: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  message: z.string(),
  healthUrl: z.string(),
  /** Refused by the server's address rules (a private n8n needs N8N_ALLOW_PRIVATE_NETWORK). */
  isBlocked: z.boolean(),
});
export type N8nHealthResult = z.infer<typeof n8nHealthResultSchema>;

// ---------------------------------------------------------------- monitoring

export const n8nMonitoringQuerySchema = z.object({
  range: z.enum(N8N_TIME_RANGES, { error: `Range must be one of ${N8N_TIME_RANGES.join(', ')}` }).default('24h'),
});

const figuresSchema = z.object({
  executions: z.number().int(),
  successes: z.number().int(),
  errors: z.number().int(),
  /** Per cent, one decimal; null without executions. */
  successRate: z.number().nullable(),
  errorRate: z.number().nullable(),
  /** Milliseconds, rounded; null without executions. */
  avgResponseTimeMs: z.number().int().nullable(),
  /** Executions per hour over the range, two decimals. */
  throughputPerHour: z.number(),
});
export type N8nFigures = z.infer<typeof figuresSchema>;

export const n8nMonitoringSchema = z.object({
  range: z.enum(N8N_TIME_RANGES),
  from: z.string(),
  to: z.string(),
  overall: figuresSchema,
  /** Health of all of Parley's n8n traffic in the range; null without executions or with monitoring off. */
  overallHealth: z.enum(N8N_HEALTH_STATES).nullable(),
  cards: z.object({
    activeWorkflows: z.number().int(),
    totalWorkflows: z.number().int(),
    /**
     * Sum of every listed workflow's execution count, all time: requests tied to no workflow (the default
     * /parley/ingest hand-off) are not in it, unlike the range's `overall.executions`.
     */
    totalExecutions: z.number().int(),
    /** Sum of every listed endpoint's request count, all time: the webhook tests sent to them. */
    webhookRequests: z.number().int(),
  }),
  workflows: z.array(
    figuresSchema.extend({
      workflowId: z.string(),
      name: z.string(),
      status: z.enum(N8N_WORKFLOW_STATUSES),
      health: z.enum(N8N_HEALTH_STATES).nullable(),
    }),
  ),
  /** Requests no workflow owns: hand-offs to the default ingest path, tests of endpoints linked to no workflow. */
  unassigned: figuresSchema,
  thresholds: z.object({ errorRate: z.number().int(), responseTimeMs: z.number().int(), autoFallback: z.number().int() }),
  monitoringEnabled: z.boolean(),
  /** Auto fallback: ingestion goes straight to the built-in pipeline while the recent success rate is below the threshold. */
  autoFallback: z.object({
    active: z.boolean(),
    /** Of the documents sent to n8n in the window (each once, whatever its retries), the share that came back with chunks. */
    recentSuccessRate: z.number().nullable(),
    recentDocuments: z.number().int(),
    recentSuccesses: z.number().int(),
    windowMinutes: z.number().int(),
    /** When it started skipping n8n (the document that tipped it), and when n8n will be tried again; null when not active. */
    since: z.string().nullable(),
    retryAt: z.string().nullable(),
  }),
  recent: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(N8N_REQUEST_KINDS),
      workflowName: z.string().nullable(),
      endpointName: z.string().nullable(),
      method: z.string(),
      url: z.string(),
      startedAt: z.string(),
      durationMs: z.number().int(),
      status: z.enum(['success', 'error']),
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
  /** The latest documents and how each ended (each once, whatever its retries), with why n8n was not used. */
  recentDocuments: z.array(
    z.object({
      id: z.string(),
      documentName: z.string(),
      outcome: z.enum(N8N_DOCUMENT_OUTCOMES),
      sentToN8n: z.boolean(),
      reason: z.string().nullable(),
      ruleName: z.string().nullable(),
      decidedAt: z.string(),
    }),
  ),
});
export type N8nMonitoring = z.infer<typeof n8nMonitoringSchema>;
