import type { Database } from '../../db/client';
import type { ChatbotActionRow } from './service';
import { callActionWebhook, type WebhookCallContext, type WebhookCallOutcome } from './webhook-call';

/** What one call of an action came to, whatever its kind (a webhook's HTTP status; null for kinds without one). */
export type ActionOutcome = WebhookCallOutcome;

/** What every kind of action may need to run: the webhook's context, and the database for the built-in kinds. */
export interface ActionCallContext extends WebhookCallContext {
  organizationId: string;
  database: Database;
}

/**
 * Runs one action on the model's (or a test's) behalf, by its kind. Never throws for the action's own failures: they
 * are the outcome's `error`, in Parley's words, without a secret (decisions/0047-chatbot-actions.md).
 */
export async function runAction(action: ChatbotActionRow, args: Record<string, unknown>, context: ActionCallContext): Promise<ActionOutcome> {
  switch (action.kind) {
    case 'webhook':
      return callActionWebhook(action, args, context);
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
