import { isIP } from 'node:net';
import { UNLIMITED } from '@parley/shared/constants';
import {
  CHATBOT_ACTION_MESSAGES,
  type ChatbotAction,
  type ChatbotActionList,
  type createChatbotActionBodySchema,
  type updateChatbotActionBodySchema,
} from '@parley/shared/contracts/chatbot-actions';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { aiActionTemplates, chatbotActions, chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isPrivateAddress } from '../../lib/private-address';
import { createSecretBox, type SecretBox } from '../../lib/secrets';
import { urlHost } from '../../lib/url-host';
import { findChatbotInOrganization } from '../chatbots/index';
import { organizationTier } from '../usage/index';
import { compileParameters } from './arguments';
import { assertOnlyOneOfKind, builtInCreateParameters, builtInUpdate } from './builtin-definitions';

export type ChatbotActionRow = typeof chatbotActions.$inferSelect;
type CreateInput = z.output<typeof createChatbotActionBodySchema>;
type UpdateInput = z.output<typeof updateChatbotActionBodySchema>;

/** What the action routes need from the server: the database, the secret key and whether private targets are allowed. */
export interface ActionDeps {
  db: Db;
  /** The database the built-in kinds act on (a handoff, the visitor's contact details). */
  database: Database;
  secretKey: string;
  allowPrivateNetworks: boolean;
  /** N8N_ALLOW_PRIVATE_NETWORK: the n8n integration's calls only (an n8n action's test). */
  n8nPrivateNetworks?: boolean;
  /** The deadline of a test call. */
  timeoutMs: number;
}

/** The purpose label of sealed action signing secrets (lib/secrets.ts derives a key per purpose). */
const SECRET_PURPOSE = 'chatbot-action-signing-secrets';
export const actionSecretBox = (secretKey: string): SecretBox => createSecretBox(secretKey, SECRET_PURPOSE);
/** MCP servers' bearer tokens are sealed under their own purpose. */
export const actionTokenBox = (secretKey: string): SecretBox => createSecretBox(secretKey, 'chatbot-action-mcp-tokens');

export const toChatbotAction = (row: ChatbotActionRow): ChatbotAction => ({
  id: row.id,
  chatbotId: row.chatbotId,
  templateId: row.templateId,
  name: row.name,
  description: row.description,
  kind: row.kind,
  url: row.url,
  method: row.method,
  headers: row.headers,
  hasSigningSecret: row.signingSecretEncrypted !== null,
  mcpTool: row.mcpTool,
  hasAuthToken: row.authTokenEncrypted !== null,
  n8nEndpointId: row.n8nEndpointId,
  offerAsButton: row.offerAsButton,
  buttonLabel: row.buttonLabel,
  parameters: row.parameters,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * An IP literal on a private network is refused when saved, with a clear message; host names are checked at every
 * connection by the SSRF guard (lib/safe-request.ts), as for the organization's webhooks.
 */
export function assertPublicUrl(value: string | null | undefined, allowPrivateNetworks: boolean): void {
  if (!value || allowPrivateNetworks) return;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host))) {
    throw new AppError('VALIDATION_ERROR', CHATBOT_ACTION_MESSAGES.privateAddress);
  }
}

/** The host an action calls (webhook, mcp), kept with each call; null for the built-in kinds. */
export function targetHostOf(action: Pick<ChatbotActionRow, 'url'>): string | null {
  return urlHost(action.url);
}

/** The action limits of the organization's tier (an unknown or inactive tier falls back to free). */
export async function actionLimits(db: Db, organizationId: string) {
  const tier = await organizationTier(db, organizationId);
  return { maxActionsPerChatbot: tier.maxActionsPerChatbot, maxActionCallsPerTurn: tier.maxActionCallsPerTurn };
}

async function findAction(db: Db, chatbotId: string, actionId: string): Promise<ChatbotActionRow> {
  const [row] = await db
    .select()
    .from(chatbotActions)
    .where(and(eq(chatbotActions.id, actionId), eq(chatbotActions.chatbotId, chatbotId)));
  if (!row) throw new AppError('NOT_FOUND', CHATBOT_ACTION_MESSAGES.notFound);
  return row;
}

/** The chatbot's action, or 404 when the chatbot is not the organization's or the action not the chatbot's. */
export async function findActionInOrganization(db: Db, organizationId: string, chatbotId: string, actionId: string): Promise<ChatbotActionRow> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  return findAction(db, chatbotId, actionId);
}

export async function listChatbotActions(db: Db, organizationId: string, chatbotId: string): Promise<ChatbotActionList> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const rows = await db
    .select()
    .from(chatbotActions)
    .where(eq(chatbotActions.chatbotId, chatbotId))
    .orderBy(asc(chatbotActions.createdAt), asc(chatbotActions.name));
  return { items: rows.map(toChatbotAction), limits: await actionLimits(db, organizationId) };
}

/** A unique-name violation from the database, told in the owner's words. */
function nameTaken(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/** An MCP action calls its server with its bearer token alone (decisions/0048-mcp-action-sources.md). */
function assertMcpFields(kind: string, input: { headers?: Record<string, string>; signingSecret?: string | null }): void {
  if (kind === 'mcp' && (Object.keys(input.headers ?? {}).length > 0 || input.signingSecret)) {
    throw new AppError('VALIDATION_ERROR', CHATBOT_ACTION_MESSAGES.mcpWebhookFields);
  }
}

export async function createChatbotAction(deps: ActionDeps, organizationId: string, chatbotId: string, input: CreateInput): Promise<ChatbotAction> {
  assertPublicUrl(input.url, deps.allowPrivateNetworks);
  assertMcpFields(input.kind, input);
  // A built-in kind's fixed parameters, or a 400 for what it does not take (decisions/0049-built-in-actions.md).
  const parameters = await builtInCreateParameters(deps.db, input);
  compileParameters(parameters);
  const box = actionSecretBox(deps.secretKey);
  try {
    return await deps.db.transaction(async (tx) => {
      const chatbot = await findChatbotInOrganization(tx, organizationId, chatbotId);
      // One chatbot's actions are counted under its row's lock, so two saves at once cannot both pass the limit.
      await tx.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.id, chatbot.id)).for('update');
      await assertOnlyOneOfKind(tx, chatbotId, input.kind);
      const { maxActionsPerChatbot } = await actionLimits(tx, organizationId);
      const [existing] = await tx.select({ n: count() }).from(chatbotActions).where(eq(chatbotActions.chatbotId, chatbotId));
      if (maxActionsPerChatbot !== UNLIMITED && Number(existing?.n ?? 0) >= maxActionsPerChatbot) {
        throw new AppError('LIMIT_REACHED', CHATBOT_ACTION_MESSAGES.limitReached(maxActionsPerChatbot));
      }
      if (input.templateId) {
        const [template] = await tx
          .select({ id: aiActionTemplates.id })
          .from(aiActionTemplates)
          .where(and(eq(aiActionTemplates.id, input.templateId), eq(aiActionTemplates.isActive, true)));
        if (!template) throw new AppError('NOT_FOUND', CHATBOT_ACTION_MESSAGES.templateNotFound);
      }
      const [created] = await tx
        .insert(chatbotActions)
        .values({
          organizationId,
          chatbotId,
          templateId: input.templateId ?? null,
          name: input.name,
          description: input.description,
          kind: input.kind,
          url: input.url ?? null,
          headers: input.headers,
          signingSecretEncrypted: input.signingSecret ? box.encrypt(input.signingSecret) : null,
          mcpTool: input.mcpTool ?? null,
          authTokenEncrypted: input.authToken ? actionTokenBox(deps.secretKey).encrypt(input.authToken) : null,
          n8nEndpointId: input.n8nEndpointId ?? null,
          offerAsButton: input.offerAsButton,
          buttonLabel: input.buttonLabel || null,
          parameters,
          enabled: input.enabled,
        })
        .returning();
      return toChatbotAction(created!);
    });
  } catch (error) {
    if (nameTaken(error)) throw new AppError('CONFLICT', CHATBOT_ACTION_MESSAGES.nameTaken);
    throw error;
  }
}

export async function updateChatbotAction(
  deps: ActionDeps,
  organizationId: string,
  chatbotId: string,
  actionId: string,
  input: UpdateInput,
): Promise<ChatbotAction> {
  if (input.url !== undefined) assertPublicUrl(input.url, deps.allowPrivateNetworks);
  const existing = await findActionInOrganization(deps.db, organizationId, chatbotId, actionId);
  assertMcpFields(existing.kind, input);
  // A built-in kind keeps its fixed parameters; a 400 for what it does not take (decisions/0049-built-in-actions.md).
  const { signingSecret, authToken, ...rest } = await builtInUpdate(deps.db, existing.kind, input);
  if (rest.parameters !== undefined) compileParameters(rest.parameters);
  const changes = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<ChatbotActionRow>;
  if (signingSecret !== undefined) changes.signingSecretEncrypted = signingSecret === null ? null : actionSecretBox(deps.secretKey).encrypt(signingSecret);
  if (authToken !== undefined) changes.authTokenEncrypted = authToken === null ? null : actionTokenBox(deps.secretKey).encrypt(authToken);
  try {
    const [updated] = await deps.db
      .update(chatbotActions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(chatbotActions.id, actionId), eq(chatbotActions.chatbotId, chatbotId)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', CHATBOT_ACTION_MESSAGES.notFound);
    return toChatbotAction(updated);
  } catch (error) {
    if (nameTaken(error)) throw new AppError('CONFLICT', CHATBOT_ACTION_MESSAGES.nameTaken);
    throw error;
  }
}

export async function deleteChatbotAction(db: Db, organizationId: string, chatbotId: string, actionId: string): Promise<void> {
  await findActionInOrganization(db, organizationId, chatbotId, actionId);
  await db.delete(chatbotActions).where(and(eq(chatbotActions.id, actionId), eq(chatbotActions.chatbotId, chatbotId)));
}

/** The enabled actions of a chatbot, for answering (the model is offered them as tools). */
export async function enabledActions(db: Db, chatbotId: string, cache?: ReadCache): Promise<ChatbotActionRow[]> {
  const read = () =>
    db
      .select()
      .from(chatbotActions)
      .where(and(eq(chatbotActions.chatbotId, chatbotId), eq(chatbotActions.enabled, true)))
      .orderBy(asc(chatbotActions.name));
  // Every model-backed turn reads them: kept until an action of any chatbot changes on any node (db/read-cache.ts).
  return cache ? cache.read([chatbotActions], `chatbot-actions:${chatbotId}`, read) : read();
}
