import { ACTION_BUTTON_MESSAGES, type RunOfferedActionResult } from '@parley/shared/contracts/chatbot-actions';
import { and, count, eq } from 'drizzle-orm';
import { chatbotActions, conversations, messageActionCalls, messages, type chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AppServices } from '../../services/app-services';
import { requestHandoff } from '../handoffs/index';
import { organizationTier } from '../usage/index';
import { argumentsMismatch, maskSecrets } from './arguments';
import { storeVisitorContact } from './builtin-actions';
import { buttonLabelOf, offerFields } from './button-offers';
import { runAction } from './run-action';
import { targetHostOf } from './service';
import { validatorOf } from './tools';

/** The most of an endpoint's own `message` the visitor is shown after "Done.". */
const RESULT_MESSAGE_MAX = 280;

export interface RunOfferedActionInput {
  chatbot: typeof chatbots.$inferSelect;
  conversationId: string;
  actionId: string;
  visitorId: string;
  messageId: string;
  arguments: Record<string, unknown>;
  timeoutMs: number;
}

/** The endpoint's answer as the visitor may read it: a short one-line `message` string of its JSON, or nothing. */
function resultMessage(forModel: unknown): string | null {
  if (!forModel || typeof forModel !== 'object' || Array.isArray(forModel)) return null;
  const message = (forModel as { message?: unknown }).message;
  if (typeof message !== 'string') return null;
  const text = message.replace(/\s+/g, ' ').trim();
  return text && text.length <= RESULT_MESSAGE_MAX ? text : null;
}

/**
 * A visitor runs an action the built-in answerer offered as a button (decisions/0051-action-buttons.md): the answer
 * must be the bot's in the visitor's own conversation, the action the chatbot's, enabled and offered as a button; the
 * arguments must match its parameters (400 naming the argument, nothing sent). The answer's calls count against the
 * tier's calls per answer, as a model's calls do. The call is recorded with the answer, and the visitor is told
 * "Done." or that it did not go through — never the endpoint's body or a secret.
 */
export async function runOfferedAction(deps: AppServices, input: RunOfferedActionInput): Promise<RunOfferedActionResult> {
  const { database } = deps;
  const { db } = database;
  const [conversation] = await db
    .select({ id: conversations.id, channel: conversations.channel })
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), eq(conversations.chatbotId, input.chatbot.id), eq(conversations.visitorId, input.visitorId)));
  if (!conversation) throw new AppError('NOT_FOUND', ACTION_BUTTON_MESSAGES.conversationNotFound);
  const [answer] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.conversationId, conversation.id), eq(messages.role, 'assistant')));
  if (!answer) throw new AppError('NOT_FOUND', ACTION_BUTTON_MESSAGES.messageNotFound);
  const [action] = await db
    .select()
    .from(chatbotActions)
    .where(
      and(
        eq(chatbotActions.id, input.actionId),
        eq(chatbotActions.chatbotId, input.chatbot.id),
        eq(chatbotActions.enabled, true),
        eq(chatbotActions.offerAsButton, true),
      ),
    );
  const validate = action ? validatorOf(action) : null;
  // An action whose parameters cannot be shown as fields is never offered, so it cannot be run this way either.
  if (!action || !validate || !offerFields(action.parameters)) throw new AppError('NOT_FOUND', ACTION_BUTTON_MESSAGES.notOffered);

  const mismatch = argumentsMismatch(validate, input.arguments);
  if (mismatch) throw new AppError('VALIDATION_ERROR', ACTION_BUTTON_MESSAGES.argumentsInvalid(mismatch));

  const { maxActionCallsPerTurn } = await organizationTier(db, input.chatbot.organizationId, deps.readCache);
  if (maxActionCallsPerTurn <= 0) throw new AppError('NOT_FOUND', ACTION_BUTTON_MESSAGES.notOffered);
  // Two clicks at the same instant may both pass this count; the visitor's and the chatbot's per-minute limits bound
  // how far past it they go (docs/decisions/0051-action-buttons.md).
  const [made] = await db.select({ n: count() }).from(messageActionCalls).where(eq(messageActionCalls.messageId, answer.id));
  if (Number(made?.n ?? 0) >= maxActionCallsPerTurn) throw new AppError('LIMIT_REACHED', ACTION_BUTTON_MESSAGES.callsUsed(maxActionCallsPerTurn));

  const at = new Date();
  const outcome = await runAction(action, input.arguments, {
    database,
    organizationId: input.chatbot.organizationId,
    secretKey: deps.config.secretKey,
    allowPrivateNetworks: deps.config.fetch.allowPrivateNetworks,
    chatbotId: input.chatbot.id,
    conversationId: conversation.id,
    channel: conversation.channel,
    timeoutMs: input.timeoutMs,
  });
  await db.insert(messageActionCalls).values({
    messageId: answer.id,
    conversationId: conversation.id,
    chatbotId: input.chatbot.id,
    actionId: action.id,
    actionName: action.name,
    actionKind: action.kind,
    targetHost: targetHostOf(action),
    arguments: maskSecrets(input.arguments),
    resultExcerpt: outcome.excerpt || null,
    error: outcome.error,
    httpStatus: outcome.status,
    durationMs: outcome.durationMs,
    createdAt: at,
  });
  // The built-in kinds' effects: the conversation is stored already, so they apply now rather than with a turn.
  if (outcome.ok && outcome.effects?.contact) await storeVisitorContact(db, conversation.id, outcome.effects.contact, at);
  if (outcome.ok && outcome.effects?.handoff) {
    await requestHandoff(deps, {
      chatbot: input.chatbot,
      conversationId: conversation.id,
      reason: 'visitor_request',
      countsInStats: conversation.channel !== 'test',
      announce: true,
    });
  }
  if (!outcome.ok) return { success: false, message: ACTION_BUTTON_MESSAGES.failed(buttonLabelOf(action)) };
  const said = resultMessage(outcome.forModel);
  return { success: true, message: said ? `${ACTION_BUTTON_MESSAGES.done} ${said}` : ACTION_BUTTON_MESSAGES.done };
}
