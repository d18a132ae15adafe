import {
  BUILTIN_ACTION_MESSAGES,
  CONTACT_ACTION_PARAMETERS,
  HANDOFF_ACTION_PARAMETERS,
  type ChatbotActionKind,
  type N8nActionEndpointList,
} from '@parley/shared/contracts/chatbot-actions';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbotActions, n8nWebhookEndpoints, n8nWorkflows } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findChatbotInOrganization } from '../chatbots/index';

/**
 * What a built-in action is saved with (decisions/0049-built-in-actions.md): handoff and contact take the server's
 * fixed parameters (a sent schema is ignored), n8n an active n8n webhook endpoint of the installation; none of them
 * has an address, headers, a signing secret or an MCP tool of its own.
 */

const FIXED_PARAMETERS: Partial<Record<ChatbotActionKind, Record<string, unknown>>> = {
  handoff: HANDOFF_ACTION_PARAMETERS,
  contact: CONTACT_ACTION_PARAMETERS,
};
const isBuiltIn = (kind: ChatbotActionKind) => kind === 'handoff' || kind === 'contact' || kind === 'n8n';

interface CallFields {
  url?: string | null;
  headers?: Record<string, string>;
  signingSecret?: string | null;
  mcpTool?: string | null;
  authToken?: string | null;
  n8nEndpointId?: string | null;
}

function assertCallFields(kind: ChatbotActionKind, input: CallFields): void {
  if (isBuiltIn(kind) && (input.url || input.signingSecret || input.mcpTool || input.authToken || Object.keys(input.headers ?? {}).length > 0)) {
    throw new AppError('VALIDATION_ERROR', BUILTIN_ACTION_MESSAGES.noAddress);
  }
  if (kind !== 'n8n' && input.n8nEndpointId) throw new AppError('VALIDATION_ERROR', BUILTIN_ACTION_MESSAGES.n8nEndpointOnlyForN8n);
}

/** An n8n action's endpoint: the installation's, active, and taking a body (a GET would carry no arguments). */
async function assertN8nEndpoint(db: Db, endpointId: string): Promise<void> {
  const [endpoint] = await db
    .select({ isActive: n8nWebhookEndpoints.isActive, method: n8nWebhookEndpoints.method })
    .from(n8nWebhookEndpoints)
    .where(eq(n8nWebhookEndpoints.id, endpointId));
  if (!endpoint?.isActive) throw new AppError('VALIDATION_ERROR', BUILTIN_ACTION_MESSAGES.n8nEndpointUnavailable);
  if (endpoint.method === 'GET') throw new AppError('VALIDATION_ERROR', BUILTIN_ACTION_MESSAGES.n8nEndpointGet);
}

/** The parameters a new action is saved with; a 400 for what its kind does not take. */
export async function builtInCreateParameters(
  db: Db,
  input: CallFields & { kind: ChatbotActionKind; parameters: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  assertCallFields(input.kind, input);
  if (input.kind === 'n8n' && input.n8nEndpointId) await assertN8nEndpoint(db, input.n8nEndpointId);
  return FIXED_PARAMETERS[input.kind] ?? input.parameters;
}

/** A change as it is saved: a fixed schema stays (a sent one is dropped); a 400 for what the kind does not take. */
export async function builtInUpdate<T extends CallFields & { parameters?: Record<string, unknown> }>(db: Db, kind: ChatbotActionKind, input: T): Promise<T> {
  assertCallFields(kind, input);
  if (kind === 'n8n' && input.n8nEndpointId) await assertN8nEndpoint(db, input.n8nEndpointId);
  if (!FIXED_PARAMETERS[kind]) return input;
  const { parameters: _ignored, ...rest } = input;
  return rest as T;
}

/**
 * At most one handoff and one contact action per chatbot: a second would offer the model two tools that do the same.
 * Called under the chatbot's row lock (createChatbotAction), so two saves at once cannot both pass.
 */
export async function assertOnlyOneOfKind(tx: Db, chatbotId: string, kind: ChatbotActionKind): Promise<void> {
  if (kind !== 'handoff' && kind !== 'contact') return;
  const [existing] = await tx
    .select({ id: chatbotActions.id })
    .from(chatbotActions)
    .where(and(eq(chatbotActions.chatbotId, chatbotId), eq(chatbotActions.kind, kind)))
    .limit(1);
  if (existing) throw new AppError('CONFLICT', BUILTIN_ACTION_MESSAGES.onlyOne(kind));
}

/** The n8n webhook endpoints an owner may call from a chatbot: active, taking a body, named with their workflow. */
export async function listN8nActionEndpoints(db: Db, organizationId: string, chatbotId: string): Promise<N8nActionEndpointList> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const rows = await db
    .select({ id: n8nWebhookEndpoints.id, name: n8nWebhookEndpoints.name, method: n8nWebhookEndpoints.method, workflowName: n8nWorkflows.name })
    .from(n8nWebhookEndpoints)
    .leftJoin(n8nWorkflows, eq(n8nWorkflows.id, n8nWebhookEndpoints.workflowId))
    .where(and(eq(n8nWebhookEndpoints.isActive, true), ne(n8nWebhookEndpoints.method, 'GET'), ne(n8nWebhookEndpoints.endpointPath, '')))
    .orderBy(asc(n8nWebhookEndpoints.name), asc(n8nWebhookEndpoints.id));
  return { items: rows.map((row) => ({ ...row, workflowName: row.workflowName ?? null })) };
}
