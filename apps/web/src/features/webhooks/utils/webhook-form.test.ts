import { WEBHOOK_MESSAGES, type WebhookConfig } from '@parley/shared/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { formatDueIn } from './delivery-display';
import { checkWebhookForm, NEW_WEBHOOK_VALUES, toFormValues } from './webhook-form';

describe('the webhook form', () => {
  it('starts with the spec’s defaults', () => {
    expect(NEW_WEBHOOK_VALUES).toMatchObject({ eventTypes: ['bot.created', 'bot.updated'], retryCount: 3, timeoutSeconds: 30, isActive: true });
  });

  it('turns valid values into the body the server takes, with the headers parsed', () => {
    const check = checkWebhookForm({ ...NEW_WEBHOOK_VALUES, name: ' CRM ', url: 'https://example.com/h', headersText: '{"X-Env":"prod"}' }, 'create');
    expect(check).toEqual({
      ok: true,
      body: {
        name: 'CRM',
        url: 'https://example.com/h',
        eventTypes: ['bot.created', 'bot.updated'],
        isActive: true,
        retryCount: 3,
        timeoutSeconds: 30,
        headers: { 'X-Env': 'prod' },
      },
    });
  });

  it('names the field of each problem, and flags headers that are not JSON (the spec’s save failure)', () => {
    const check = checkWebhookForm(
      { ...NEW_WEBHOOK_VALUES, url: 'not a url', retryCount: 11, timeoutSeconds: 0, headersText: '{oops', secret: 'abc' },
      'create',
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.isHeadersJsonInvalid).toBe(true);
    expect(Object.keys(check.errors).sort()).toEqual(['headersText', 'name', 'retryCount', 'secret', 'timeoutSeconds', 'url']);
    expect(check.errors.retryCount).toBe('Retry count must be from 0 to 10');
    expect(check.errors.headersText).toContain('not valid JSON');
    expect(WEBHOOK_MESSAGES.saveFailed).toBe('Failed to save webhook configuration');
  });

  it('ignores the secret when editing, and shows saved headers as JSON', () => {
    const config = {
      name: 'A',
      url: 'https://a.example',
      eventTypes: ['bot.deleted'],
      isActive: false,
      retryCount: 0,
      timeoutSeconds: 5,
      headers: { A: 'b' },
    } as unknown as WebhookConfig;
    const values = toFormValues(config);
    expect(values.headersText).toBe('{\n  "A": "b"\n}');
    const check = checkWebhookForm({ ...values, secret: 'not a secret' }, 'edit');
    expect(check.ok && 'secret' in check.body).toBe(false);
  });

  it('says when a retry is due', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(formatDueIn('2026-11-22T10:00:30Z', now)).toBe('in 30 s');
    expect(formatDueIn('2026-11-22T10:04:10Z', now)).toBe('in 4 min');
    expect(formatDueIn('2026-11-22T12:00:00Z', now)).toBe('in 2 h');
    expect(formatDueIn('2026-11-22T09:59:00Z', now)).toBe('now');
  });
});
