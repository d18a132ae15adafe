import {
  createWebhookConfigBodySchema,
  DEFAULT_WEBHOOK_EVENT_TYPES,
  parseWebhookHeadersText,
  WEBHOOK_RETRY_COUNT,
  WEBHOOK_TIMEOUT_SECONDS,
  type CreateWebhookConfigBody,
  type UpdateWebhookConfigBody,
  type WebhookConfig,
  type WebhookEventType,
} from '@parley/shared/contracts/webhooks';

/** What the Add/Edit Webhook form edits. Headers are JSON text, as the spec's form has them. */
export interface WebhookFormValues {
  name: string;
  url: string;
  eventTypes: WebhookEventType[];
  isActive: boolean;
  /** Add only: an optional whsec_ secret; empty = the server generates one. */
  secret: string;
  retryCount: number;
  timeoutSeconds: number;
  headersText: string;
}

export type WebhookFormErrors = Partial<Record<keyof WebhookFormValues, string>>;

/** Spec §9: retry count 3, timeout 30 s, events bot.created and bot.updated. */
export const NEW_WEBHOOK_VALUES: WebhookFormValues = {
  name: '',
  url: '',
  eventTypes: [...DEFAULT_WEBHOOK_EVENT_TYPES],
  isActive: true,
  secret: '',
  retryCount: WEBHOOK_RETRY_COUNT.default,
  timeoutSeconds: WEBHOOK_TIMEOUT_SECONDS.default,
  headersText: '',
};

export function toFormValues(config: WebhookConfig): WebhookFormValues {
  return {
    name: config.name,
    url: config.url,
    eventTypes: config.eventTypes as WebhookEventType[],
    isActive: config.isActive,
    secret: '',
    retryCount: config.retryCount,
    timeoutSeconds: config.timeoutSeconds,
    headersText: Object.keys(config.headers).length > 0 ? JSON.stringify(config.headers, null, 2) : '',
  };
}

export type WebhookFormCheck =
  { ok: true; body: CreateWebhookConfigBody & UpdateWebhookConfigBody } | { ok: false; errors: WebhookFormErrors; isHeadersJsonInvalid: boolean };

/** The form checked with the shared contract, as the server will check it; errors by form field. */
export function checkWebhookForm(values: WebhookFormValues, mode: 'create' | 'edit'): WebhookFormCheck {
  const isHeadersJsonInvalid = parseWebhookHeadersText(values.headersText) === null;
  const parsed = createWebhookConfigBodySchema.safeParse({
    name: values.name,
    url: values.url,
    eventTypes: values.eventTypes,
    isActive: values.isActive,
    secret: mode === 'create' ? values.secret : undefined,
    retryCount: values.retryCount,
    timeoutSeconds: values.timeoutSeconds,
    headers: values.headersText,
  });
  if (parsed.success) {
    const { secret, ...rest } = parsed.data;
    return { ok: true, body: mode === 'create' && secret ? { ...rest, secret } : rest };
  }
  const errors: WebhookFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'headers' ? 'headersText' : (issue.path[0] as keyof WebhookFormValues | undefined);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  if (isHeadersJsonInvalid) errors.headersText = 'The headers are not valid JSON. Write an object such as {"Authorization": "Bearer …"}.';
  return { ok: false, errors, isHeadersJsonInvalid };
}
