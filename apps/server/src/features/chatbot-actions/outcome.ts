import type { Database } from '../../db/client';
import type { ActionEffects } from '../../services/chat-turns';
import type { WebhookCallContext, WebhookCallOutcome } from './webhook-call';

/** What one call of an action came to, whatever its kind (a webhook's HTTP status; null for kinds without one). */
export type ActionOutcome = WebhookCallOutcome & {
  /** What a built-in kind asks of the turn once it is stored (a handoff, the visitor's contact details). */
  effects?: ActionEffects;
};

/** What every kind of action may need to run: the webhook's context, and the database for the built-in kinds. */
export interface ActionCallContext extends WebhookCallContext {
  organizationId: string;
  database: Database;
  /** Where the visitor talks (a handoff needs the website widget); unknown outside a chat turn. */
  channel?: 'widget' | 'test' | 'api';
  /** The n8n integration's own private-network rule (N8N_ALLOW_PRIVATE_NETWORK); `allowPrivateNetworks` when unset. */
  n8nPrivateNetworks?: boolean;
}
