import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { chatbots, conversations, n8nWebhookEndpoints } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { ActionEffects, ChatTurnSubscriber } from '../../services/chat-turns';
import { readSystemConfiguration } from '../../services/system-configuration';
import { handoffUsage } from '../handoffs/index';
import { exchangeAndRecord, joinBaseUrl, loadN8nSettings, n8nBearerSecret } from '../n8n/index';
import type { ActionCallContext, ActionOutcome } from './outcome';
import type { ChatbotActionRow } from './service';
import { ACTION_CALL_TIMEOUT_MS, RESULT_EXCERPT_CHARS, resultForModel } from './webhook-call';

/**
 * The built-in kinds at answer time (decisions/0049-built-in-actions.md). A handoff and the visitor's contact details
 * change the conversation, which is not stored yet while the model answers (a new one has no row until its first turn
 * is written, decisions/0042-chat-turn-event.md): the call checks what it can and returns an `effect`, which the turn
 * applies once stored. An n8n action is an n8n webhook request like the operator's test, counted on Monitoring.
 */

export const HANDOFF_NOT_AVAILABLE = 'Handoff to a person is not available for this chatbot.';
/** What the model is told after a handoff action, so its answer says so. */
export const HANDOFF_REQUESTED = 'A person has been asked to join the conversation and will reply here as soon as they can. Tell the visitor so.';
/** Bytes of n8n's answer read (as for a webhook action). */
const N8N_READ_BYTES = 64 * 1024;

const outcome = (fields: Partial<ActionOutcome> & Pick<ActionOutcome, 'ok' | 'forModel'>, started: number): ActionOutcome => ({
  status: null,
  statusText: '',
  excerpt: '',
  error: null,
  durationMs: Math.round(performance.now() - started),
  ...fields,
});
const failure = (error: string, started: number, fields: Partial<ActionOutcome> = {}): ActionOutcome =>
  outcome({ ok: false, forModel: { error }, error, ...fields }, started);
/** A builder's test of a kind that changes the conversation: the arguments are checked, nothing is changed. */
const checkedOnly = (statusText: string, started: number): ActionOutcome => outcome({ ok: true, forModel: { result: statusText }, statusText }, started);

/** Why a person cannot be asked to join now, or null when they can. */
async function handoffRefusal(context: ActionCallContext): Promise<string | null> {
  const { db } = context.database;
  const [chatbot] = await db.select({ handoffEnabled: chatbots.handoffEnabled }).from(chatbots).where(eq(chatbots.id, context.chatbotId));
  if (!chatbot?.handoffEnabled) return HANDOFF_NOT_AVAILABLE;
  // Only the website widget has a visitor waiting for a person (the API is stateless, the test chat is the owner).
  if (!context.isTest && (context.channel !== 'widget' || !context.conversationId)) {
    return 'A person can join only a visitor’s conversation in the website chat widget. Nothing was requested.';
  }
  const usage = await handoffUsage(db, context.organizationId);
  if (usage.isLimitReached) return 'Nobody from the team can take a live chat right now (this month’s live chats are used). Keep helping the visitor.';
  return null;
}

/** The handoff action: checks that a person may be asked for; the chat service asks once the turn is stored. */
export async function handOffToPerson(_args: Record<string, unknown>, context: ActionCallContext): Promise<ActionOutcome> {
  const started = performance.now();
  const refusal = await handoffRefusal(context);
  if (refusal) return failure(refusal, started);
  if (context.isTest) return checkedOnly('Checked only: a person could be asked to join. A test hands no conversation over.', started);
  return outcome({ ok: true, forModel: { result: HANDOFF_REQUESTED }, excerpt: 'A person has been asked to join.', effects: { handoff: true } }, started);
}

type VisitorContact = NonNullable<ActionEffects['contact']>;
const emailSchema = z.email();
const PHONE_CHARACTERS = /^\+?[0-9 ().\-/]+$/;

/** The details as the conversation keeps them, or why they cannot be kept (a sentence naming the argument). */
export function checkContact(args: Record<string, unknown>): { contact: VisitorContact } | { problem: string } {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ') : null);
  const contact = { name: text(args.name), email: text(args.email), phone: text(args.phone) };
  if (!contact.email && !contact.phone) return { problem: 'Give the visitor’s e-mail address or phone number: at least one is needed.' };
  if (contact.email && !emailSchema.safeParse(contact.email).success) return { problem: 'email is not a valid e-mail address. Ask the visitor for it again.' };
  const digits = contact.phone?.replace(/\D/g, '').length ?? 0;
  if (contact.phone && (!PHONE_CHARACTERS.test(contact.phone) || digits < 5 || digits > 20)) {
    return { problem: 'phone is not a valid phone number (5 to 20 digits, with + ( ) - . / and spaces). Ask the visitor for it again.' };
  }
  return { contact: { ...contact, email: contact.email?.toLowerCase() ?? null } };
}

/** The contact action: checks the details; the turn stores them on the conversation (contactTurns). */
export async function collectContact(args: Record<string, unknown>, context: ActionCallContext): Promise<ActionOutcome> {
  const started = performance.now();
  const checked = checkContact(args);
  if ('problem' in checked) return failure(`${checked.problem} Nothing was stored.`, started);
  if (context.isTest) return checkedOnly('Checked only: the details are valid. A test stores nothing.', started);
  if (!context.conversationId) return failure('Contact details can be kept only in a visitor’s conversation. Nothing was stored.', started);
  const given = [checked.contact.name && 'name', checked.contact.email && 'e-mail address', checked.contact.phone && 'phone number'].filter(Boolean);
  const result = `The visitor’s ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} saved with the conversation, for the team.`;
  return outcome({ ok: true, forModel: { result }, excerpt: result, effects: { contact: checked.contact } }, started);
}

/** Keeps the visitor's contact details on the conversation; a detail not given again keeps its earlier value. */
export async function storeVisitorContact(db: Db, conversationId: string, contact: VisitorContact, at: Date): Promise<void> {
  await db
    .update(conversations)
    .set({
      contactName: sql`coalesce(${contact.name}, ${conversations.contactName})`,
      contactEmail: sql`coalesce(${contact.email}, ${conversations.contactEmail})`,
      contactPhone: sql`coalesce(${contact.phone}, ${conversations.contactPhone})`,
      contactCollectedAt: at,
    })
    .where(eq(conversations.id, conversationId));
}

/**
 * The details the turn's contact calls collected, stored in the turn's transaction right after its statement: an UPDATE
 * in the statement itself would not see the conversation's row that statement inserts.
 */
export const contactTurns: ChatTurnSubscriber = {
  name: 'visitor contact',
  write(_tx, turn) {
    const collected = (turn.actionCalls ?? []).flatMap((call) => (call.effects?.contact ? [call.effects.contact] : []));
    if (collected.length === 0) return null;
    // Later calls win, detail by detail.
    const contact = collected.reduce((merged, next) => ({
      name: next.name ?? merged.name,
      email: next.email ?? merged.email,
      phone: next.phone ?? merged.phone,
    }));
    return { afterStatement: (tx) => storeVisitorContact(tx, turn.conversation.id, contact, turn.answer.at) };
  },
};

/**
 * The n8n action: the endpoint's method to the n8n webhook base URL plus its path, with this installation's bearer
 * secret, through the SSRF guard (N8N_ALLOW_PRIVATE_NETWORK applies), recorded for Monitoring as the webhook test is.
 * JSON `{action, arguments, chatbot_id, conversation_id}` (and `test: true` from the builder); n8n's 2xx answer is
 * the model's result, as a webhook's is.
 */
export async function callN8nAction(action: ChatbotActionRow, args: Record<string, unknown>, context: ActionCallContext): Promise<ActionOutcome> {
  const started = performance.now();
  const { db } = context.database;
  const [endpoint] = action.n8nEndpointId ? await db.select().from(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, action.n8nEndpointId)) : [];
  if (!endpoint) return failure('The n8n webhook endpoint this action called was deleted. Nothing was sent.', started);
  if (!endpoint.isActive) return failure('The n8n webhook endpoint this action calls is turned off. Nothing was sent.', started);
  if (endpoint.method === 'GET' || !endpoint.endpointPath)
    return failure('The n8n webhook endpoint this action calls takes no arguments. Nothing was sent.', started);
  const { n8nWebhookBaseUrl: base } = await readSystemConfiguration(db);
  if (!base) return failure('n8n is not set up on this server. Nothing was sent.', started);
  const settings = await loadN8nSettings(db);
  if (!settings.n8nEnabled) return failure('The n8n integration is turned off on this server. Nothing was sent.', started);
  let bearer: string;
  try {
    bearer = await n8nBearerSecret(db, context.secretKey);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failure('The n8n credential cannot be read on this server. Nothing was sent.', started);
  }

  const answer = await exchangeAndRecord(
    db,
    {
      url: joinBaseUrl(base, endpoint.endpointPath),
      method: endpoint.method,
      body: {
        action: action.name,
        arguments: args,
        chatbot_id: context.chatbotId,
        conversation_id: context.conversationId,
        ...(context.isTest ? { test: true } : {}),
      },
      bearer,
      // n8n's own timeout, and no longer than a visitor waits for any action.
      timeoutMs: Math.min(settings.n8nWorkflowTimeoutSeconds * 1000, context.timeoutMs ?? ACTION_CALL_TIMEOUT_MS),
      maxBytes: N8N_READ_BYTES,
      allowPrivateNetworks: context.n8nPrivateNetworks ?? context.allowPrivateNetworks,
    },
    { kind: context.isTest ? 'webhook_test' : 'action', workflowId: endpoint.workflowId, endpointId: endpoint.id },
  );
  const text = answer.body.toString('utf8');
  const statusText = answer.statusText.slice(0, 200);
  if (answer.isBlocked) return failure('The n8n address is on a private or local network, which this server does not allow. Nothing was sent.', started);
  if (answer.status === null) {
    const reason = answer.error ?? 'no answer';
    return failure(`The n8n workflow could not be reached: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`, started);
  }
  const excerpt = text.slice(0, RESULT_EXCERPT_CHARS);
  if (!answer.ok) {
    return failure(`The n8n workflow answered HTTP ${answer.status}${statusText ? ` ${statusText}` : ''}.`, started, {
      status: answer.status,
      statusText,
      excerpt,
    });
  }
  return outcome({ ok: true, status: answer.status, statusText, forModel: resultForModel(text, answer.isTruncated), excerpt }, started);
}
