import { ACTION_WEBHOOK_RETRIES_DEFAULT, ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS } from '@parley/shared/constants';
import {
  actionWebhookSchema,
  AI_ACTION_MESSAGES,
  type ActionWebhook,
  type ActionWebhookMethod,
  type ActionWebhookTrigger,
} from '@parley/shared/contracts/ai-actions';
import { newLocalId } from './local-id';

/** The webhook form's values: numbers and headers as the user types them. */
export interface WebhookDraft {
  id: string;
  name: string;
  endpointUrl: string;
  method: ActionWebhookMethod;
  headersText: string;
  timeoutSeconds: string;
  retryCount: string;
  eventTriggers: ActionWebhookTrigger[];
}

export type WebhookDraftField = 'name' | 'endpointUrl' | 'method' | 'headers' | 'timeoutSeconds' | 'retryCount' | 'eventTriggers';
export type WebhookDraftErrors = Partial<Record<WebhookDraftField | 'form', string>>;

/** Spec §5 defaults: POST, 30 s, 3 retries. */
export function newWebhookDraft(): WebhookDraft {
  return {
    id: newLocalId('wh'),
    name: '',
    endpointUrl: '',
    method: 'POST',
    headersText: '',
    timeoutSeconds: String(ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS),
    retryCount: String(ACTION_WEBHOOK_RETRIES_DEFAULT),
    eventTriggers: [],
  };
}

export function draftFromWebhook(webhook: ActionWebhook): WebhookDraft {
  return {
    id: webhook.id,
    name: webhook.name,
    endpointUrl: webhook.endpointUrl,
    method: webhook.method,
    headersText: Object.keys(webhook.headers).length ? JSON.stringify(webhook.headers, null, 2) : '',
    timeoutSeconds: String(webhook.timeoutSeconds),
    retryCount: String(webhook.retryCount),
    eventTriggers: [...webhook.eventTriggers],
  };
}

/** Headers are typed as JSON; empty means none. Anything but an object of texts is refused with a reason. */
export function parseHeadersText(text: string): { ok: true; headers: Record<string, unknown> } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, headers: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Headers are not valid JSON. Write an object such as {"Authorization": "Bearer …"}, or leave the field empty.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: 'Headers must be a JSON object of names to text values' };
  return { ok: true, headers: parsed as Record<string, unknown> };
}

/** A typed number, or the default when the field is left empty. */
function numberOr(text: string, fallback: number): number {
  return text.trim() === '' ? fallback : Number(text);
}

const FIELD_FOR_PATH: Record<string, WebhookDraftField> = {
  name: 'name',
  endpointUrl: 'endpointUrl',
  method: 'method',
  headers: 'headers',
  timeoutSeconds: 'timeoutSeconds',
  retryCount: 'retryCount',
  eventTriggers: 'eventTriggers',
};

/** Checks a draft with the shared contract; the server checks the same rules again on save. */
/** What turning a draft into an item gave: the item, or the errors to show beside the fields. */
export type DraftResult<Item, Errors> = { ok: true; item: Item } | { ok: false; errors: Errors };

export function webhookFromDraft(draft: WebhookDraft): DraftResult<ActionWebhook, WebhookDraftErrors> {
  const errors: WebhookDraftErrors = {};
  if (!draft.name.trim() || !draft.endpointUrl.trim()) errors.form = AI_ACTION_MESSAGES.webhookNameAndUrlRequired;
  const headers = parseHeadersText(draft.headersText);
  if (!headers.ok) errors.headers = headers.message;
  const parsed = actionWebhookSchema.safeParse({
    id: draft.id,
    name: draft.name,
    endpointUrl: draft.endpointUrl,
    method: draft.method,
    headers: headers.ok ? headers.headers : {},
    timeoutSeconds: numberOr(draft.timeoutSeconds, ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS),
    retryCount: numberOr(draft.retryCount, ACTION_WEBHOOK_RETRIES_DEFAULT),
    eventTriggers: draft.eventTriggers,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_FOR_PATH[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, item: parsed.data };
  return { ok: false, errors };
}

/** The messages that still apply after an edit: those of the fields that changed go (they are checked again on save). */
export function errorsAfterEdit(errors: WebhookDraftErrors, before: WebhookDraft, after: WebhookDraft): WebhookDraftErrors {
  const next = { ...errors };
  const fieldOf: Record<keyof WebhookDraft, WebhookDraftField | null> = {
    id: null,
    name: 'name',
    endpointUrl: 'endpointUrl',
    method: 'method',
    headersText: 'headers',
    timeoutSeconds: 'timeoutSeconds',
    retryCount: 'retryCount',
    eventTriggers: 'eventTriggers',
  };
  for (const key of Object.keys(fieldOf) as (keyof WebhookDraft)[]) {
    const field = fieldOf[key];
    if (field && before[key] !== after[key]) delete next[field];
  }
  if (after.name.trim() && after.endpointUrl.trim()) delete next.form;
  return next;
}

/** Spec §5: a trigger is added only if absent; choosing it again takes it away. */
export function toggleTrigger(triggers: readonly ActionWebhookTrigger[], trigger: ActionWebhookTrigger): ActionWebhookTrigger[] {
  return triggers.includes(trigger) ? triggers.filter((t) => t !== trigger) : [...triggers, trigger];
}

/** Adds a webhook, or replaces the one with the same id (editing keeps its place in the list). */
export function upsertById<T extends { id: string }>(items: readonly T[], item: T): T[] {
  const index = items.findIndex((existing) => existing.id === item.id);
  if (index === -1) return [...items, item];
  return items.map((existing, i) => (i === index ? item : existing));
}
