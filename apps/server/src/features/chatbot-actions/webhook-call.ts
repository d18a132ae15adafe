import { BlockedAddressError, FetchGuardError, safeRequest } from '../../lib/safe-request';
import { SecretDecryptionError } from '../../lib/secrets';
import { newWebhookEventId, signWebhook } from '../webhooks/index';
import { actionSecretBox, type ChatbotActionRow } from './service';

/** How long an action's endpoint has to answer while a visitor waits. */
export const ACTION_CALL_TIMEOUT_MS = 10_000;
/** Bytes of the endpoint's answer read; characters of it given to the model, and kept in the call's record. */
const RESPONSE_READ_BYTES = 64 * 1024;
const RESULT_FOR_MODEL_CHARS = 4000;
export const RESULT_EXCERPT_CHARS = 500;
const STATUS_TEXT_MAX = 200;

/** What one call of an action's webhook came to. */
export interface WebhookCallOutcome {
  /** The endpoint's HTTP status; null when no answer came (or nothing was sent). */
  status: number | null;
  statusText: string;
  ok: boolean;
  /** What the model is given: the answer's JSON (or its text), or `{ error }`. Never a secret of Parley's. */
  forModel: unknown;
  /** The start of the answer, for the record and the test screen. */
  excerpt: string;
  /** Why the call failed, in a sentence; null when it succeeded. */
  error: string | null;
  durationMs: number;
}

export interface WebhookCallContext {
  secretKey: string;
  allowPrivateNetworks: boolean;
  chatbotId: string;
  conversationId: string | null;
  timeoutMs?: number;
  /** A test from the builder: the payload says so. */
  isTest?: boolean;
}

/** The answer's JSON when it is JSON and short enough, else its text, cut to what the model is given. */
export function resultForModel(text: string, isTruncated: boolean): unknown {
  if (!isTruncated && text.length <= RESULT_FOR_MODEL_CHARS) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return `${text.slice(0, RESULT_FOR_MODEL_CHARS)}… (cut short)`;
}

/**
 * Calls an action's webhook on the model's (or a test's) behalf: POST JSON `{action, arguments, chatbot_id,
 * conversation_id}`, signed the Standard Webhooks way with the action's secret when it has one (webhook-id,
 * webhook-timestamp, webhook-signature), through the SSRF guard, with a deadline. Never throws for the endpoint's
 * failures: they are the outcome's `error`, told without anything of Parley's secrets (decisions/0047-chatbot-actions.md).
 */
export async function callActionWebhook(action: ChatbotActionRow, args: unknown, context: WebhookCallContext): Promise<WebhookCallOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null = null, statusText = ''): WebhookCallOutcome => ({
    status,
    statusText,
    ok: false,
    forModel: { error },
    excerpt: '',
    error,
    durationMs: elapsed(),
  });

  if (!action.url) return failed('The action has no address to call.');
  const url = action.url;
  const body = JSON.stringify({
    action: action.name,
    arguments: args,
    chatbot_id: context.chatbotId,
    conversation_id: context.conversationId,
    ...(context.isTest ? { test: true } : {}),
  });
  const id = newWebhookEventId();
  const timestamp = Math.floor(Date.now() / 1000);
  let signature: string | null = null;
  if (action.signingSecretEncrypted) {
    try {
      signature = signWebhook(actionSecretBox(context.secretKey).decrypt(action.signingSecretEncrypted), id, timestamp, body);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      // Sent unsigned it would be refused by a careful receiver, or worse, accepted by a careless one.
      return failed('The action’s signing secret cannot be read on this server. Save the action’s secret again.');
    }
  }
  const headers: Record<string, string> = {
    'user-agent': 'Parley-Actions/1.0',
    accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
    ...action.headers,
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    ...(signature ? { 'webhook-signature': signature } : {}),
  };

  try {
    const response = await safeRequest(url, {
      method: action.method,
      headers,
      body,
      timeoutMs: context.timeoutMs ?? ACTION_CALL_TIMEOUT_MS,
      maxBytes: RESPONSE_READ_BYTES,
      allowPrivateNetworks: context.allowPrivateNetworks,
      // A redirect would re-send the arguments somewhere the owner did not name.
      maxRedirects: 0,
    });
    const text = response.body.toString('utf8');
    const statusText = response.statusText.slice(0, STATUS_TEXT_MAX);
    if (response.status < 200 || response.status >= 300) {
      const outcome = failed(`The action’s endpoint answered HTTP ${response.status}${statusText ? ` ${statusText}` : ''}.`, response.status, statusText);
      return { ...outcome, excerpt: text.slice(0, RESULT_EXCERPT_CHARS), durationMs: elapsed() };
    }
    return {
      status: response.status,
      statusText,
      ok: true,
      forModel: resultForModel(text, response.isTruncated),
      excerpt: text.slice(0, RESULT_EXCERPT_CHARS),
      error: null,
      durationMs: elapsed(),
    };
  } catch (error) {
    if (error instanceof BlockedAddressError) return failed('The action’s address is on a private or local network, which actions cannot call.');
    if (error instanceof FetchGuardError)
      return failed(`The action’s endpoint could not be reached: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}.`);
    throw error;
  }
}
