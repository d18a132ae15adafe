import type { ValidateFunction } from 'ajv';
import type { Database } from '../../db/client';
import type { LlmTool } from '../../rag/answerers/llm';
import type { ActionCallRecord } from '../../services/chat-turns';
import { organizationTier } from '../usage/index';
import type { ReadCache } from '../../db/read-cache';
import { argumentsMismatch, compileParameters, maskSecrets } from './arguments';
import { enabledActions, targetHostOf, type ChatbotActionRow } from './service';
import { runAction } from './run-action';

/** The actions a model may call while answering one message, and the record of the calls it made. */
export interface TurnActions {
  tools: Record<string, LlmTool>;
  /** The tier's calls per answer. */
  maxCalls: number;
  /** Filled as the model calls the tools; stored with the turn. */
  calls: ActionCallRecord[];
}

export interface TurnActionsInput {
  chatbot: { id: string; organizationId: string };
  conversationId: string;
  secretKey: string;
  allowPrivateNetworks: boolean;
  readCache?: ReadCache;
  timeoutMs?: number;
  /** Where the visitor talks: a handoff action asks for a person only in the website widget. */
  channel?: 'widget' | 'test' | 'api';
  /** N8N_ALLOW_PRIVATE_NETWORK, for n8n actions. */
  n8nPrivateNetworks?: boolean;
}

/** Compiled once per row read: rows from the read cache are the same objects until an action changes. */
const validators = new WeakMap<ChatbotActionRow, ValidateFunction | null>();

export function validatorOf(action: ChatbotActionRow): ValidateFunction | null {
  if (validators.has(action)) return validators.get(action)!;
  let validate: ValidateFunction | null = null;
  try {
    validate = compileParameters(action.parameters);
  } catch {
    // Checked when saved; a schema that no longer compiles (a newer ajv) leaves the action out rather than the answer.
  }
  validators.set(action, validate);
  return validate;
}

/**
 * The chatbot's enabled actions as tools for the answer model (rag/answerers/llm.ts), or null when it has none or its
 * tier allows no calls. Each call checks the model's arguments against the action's JSON Schema (a mismatch is an
 * error result naming the argument, and nothing is sent), calls the webhook, and is recorded for the turn.
 */
export async function actionsForTurn(database: Database, input: TurnActionsInput): Promise<TurnActions | null> {
  const actions = await enabledActions(database.db, input.chatbot.id, input.readCache);
  if (actions.length === 0) return null;
  const tier = await organizationTier(database.db, input.chatbot.organizationId, input.readCache);
  if (tier.maxActionCallsPerTurn <= 0) return null;
  const calls: ActionCallRecord[] = [];
  const tools: Record<string, LlmTool> = {};
  for (const action of actions) {
    const validate = validatorOf(action);
    if (!validate) continue;
    tools[action.name] = {
      description: action.description,
      parameters: action.parameters,
      async execute(args) {
        const at = new Date();
        const record = {
          actionId: action.id,
          actionName: action.name,
          actionKind: action.kind,
          targetHost: targetHostOf(action),
          arguments: maskSecrets(args),
          at,
        };
        const mismatch = argumentsMismatch(validate, args);
        if (mismatch) {
          const error = `The arguments do not match the action’s parameters: ${mismatch}. Nothing was sent.`;
          calls.push({ ...record, resultExcerpt: null, error, httpStatus: null, durationMs: 0 });
          return { error };
        }
        // Checked against the action's object schema above: an object.
        const outcome = await runAction(action, args as Record<string, unknown>, {
          database,
          organizationId: input.chatbot.organizationId,
          secretKey: input.secretKey,
          allowPrivateNetworks: input.allowPrivateNetworks,
          chatbotId: input.chatbot.id,
          conversationId: input.conversationId,
          ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}),
          ...(input.channel ? { channel: input.channel } : {}),
          ...(input.n8nPrivateNetworks !== undefined ? { n8nPrivateNetworks: input.n8nPrivateNetworks } : {}),
        });
        calls.push({
          ...record,
          resultExcerpt: outcome.excerpt || null,
          error: outcome.error,
          httpStatus: outcome.status,
          durationMs: outcome.durationMs,
          // A handoff or contact details, applied by the turn once it is stored (decisions/0049-built-in-actions.md).
          ...(outcome.effects ? { effects: outcome.effects } : {}),
        });
        return outcome.forModel;
      },
    };
  }
  if (Object.keys(tools).length === 0) return null;
  return { tools, maxCalls: tier.maxActionCallsPerTurn, calls };
}
