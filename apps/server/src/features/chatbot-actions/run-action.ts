import { callN8nAction, collectContact, handOffToPerson } from './builtin-actions';
import { callMcpTool } from './mcp-client';
import type { ChatbotActionRow } from './service';
import type { ActionCallContext, ActionOutcome } from './outcome';
import { callActionWebhook } from './webhook-call';

export type { ActionCallContext, ActionOutcome } from './outcome';

/**
 * Runs one action on the model's (or a test's) behalf, by its kind. Never throws for the action's own failures: they
 * are the outcome's `error`, in Parley's words, without a secret (decisions/0047-chatbot-actions.md).
 */
export async function runAction(action: ChatbotActionRow, args: Record<string, unknown>, context: ActionCallContext): Promise<ActionOutcome> {
  switch (action.kind) {
    case 'webhook':
      return callActionWebhook(action, args, context);
    case 'mcp':
      return callMcpTool(action, args, context);
    case 'handoff':
      return handOffToPerson(args, context);
    case 'contact':
      return collectContact(args, context);
    case 'n8n':
      return callN8nAction(action, args, context);
    default:
      return {
        status: null,
        statusText: '',
        ok: false,
        forModel: { error: 'This action cannot run on this server.' },
        excerpt: '',
        error: 'This action cannot run on this server.',
        durationMs: 0,
      };
  }
}
