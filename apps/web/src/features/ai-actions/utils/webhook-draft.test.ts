import { describe, expect, it } from 'vitest';
import { draftFromWebhook, errorsAfterEdit, newWebhookDraft, parseHeadersText, toggleTrigger, upsertById, webhookFromDraft } from './webhook-draft';

describe('webhook drafts', () => {
  it('start with the spec defaults: POST, 30 s, 3 retries, no triggers, a valid unique id', () => {
    const a = newWebhookDraft();
    const b = newWebhookDraft();
    expect(a).toMatchObject({ method: 'POST', timeoutSeconds: '30', retryCount: '3', eventTriggers: [], headersText: '' });
    expect(a.id).toMatch(/^wh_[A-Za-z0-9_-]+$/);
    expect(a.id).not.toBe(b.id);
  });

  it('need a name and an endpoint URL, with the spec message', () => {
    const result = webhookFromDraft({ ...newWebhookDraft(), name: ' ', endpointUrl: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.form).toBe('Please provide a name and endpoint URL for the webhook');
      expect(result.errors.name).toBe('Webhook name is required');
      expect(result.errors.endpointUrl).toBe('Endpoint URL is required');
    }
  });

  it('check timeout 1–300, retries 0–10, the URL scheme and the headers JSON', () => {
    const base = { ...newWebhookDraft(), name: 'CRM', endpointUrl: 'https://example.com/hook' };
    const errorsOf = (overrides: Partial<typeof base>) => {
      const result = webhookFromDraft({ ...base, ...overrides });
      return result.ok ? {} : result.errors;
    };
    expect(errorsOf({ timeoutSeconds: '0' }).timeoutSeconds).toMatch(/between 1 and 300/);
    expect(errorsOf({ timeoutSeconds: '301' }).timeoutSeconds).toMatch(/between 1 and 300/);
    expect(errorsOf({ timeoutSeconds: 'abc' }).timeoutSeconds).toBeDefined();
    expect(errorsOf({ retryCount: '11' }).retryCount).toMatch(/between 0 and 10/);
    expect(errorsOf({ endpointUrl: 'javascript:alert(1)' }).endpointUrl).toMatch(/http:\/\/ or https:\/\//);
    expect(errorsOf({ headersText: '{bad' }).headers).toMatch(/not valid JSON/);
    expect(errorsOf({ headersText: '["a"]' }).headers).toMatch(/JSON object/);
    expect(errorsOf({ headersText: '{"X-N": 1}' }).headers).toMatch(/strings/);
    expect(errorsOf({ headersText: '{"Host": "x"}' }).headers).toMatch(/set by the server/);
  });

  it('turn into the contract shape, empty numbers taking the defaults, and back again', () => {
    const result = webhookFromDraft({
      ...newWebhookDraft(),
      id: 'wh_1',
      name: ' CRM ',
      endpointUrl: 'https://example.com/hook',
      headersText: '{"Authorization": "Bearer x"}',
      timeoutSeconds: '',
      retryCount: '0',
      eventTriggers: ['action.failed'],
    });
    expect(result).toEqual({
      ok: true,
      item: {
        id: 'wh_1',
        name: 'CRM',
        endpointUrl: 'https://example.com/hook',
        method: 'POST',
        headers: { Authorization: 'Bearer x' },
        timeoutSeconds: 30,
        retryCount: 0,
        eventTriggers: ['action.failed'],
      },
    });
    if (result.ok) {
      const draft = draftFromWebhook(result.item);
      expect(draft).toMatchObject({ timeoutSeconds: '30', retryCount: '0', headersText: '{\n  "Authorization": "Bearer x"\n}' });
      expect(draftFromWebhook({ ...result.item, headers: {} }).headersText).toBe('');
    }
  });

  it('parse empty headers as none', () => {
    expect(parseHeadersText('  ')).toEqual({ ok: true, headers: {} });
  });

  it('add a trigger only if absent (choosing it again removes it), and replace an edited webhook in place', () => {
    expect(toggleTrigger([], 'action.failed')).toEqual(['action.failed']);
    expect(toggleTrigger(['action.failed', 'data.received'], 'action.failed')).toEqual(['data.received']);
    const list = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ];
    expect(upsertById(list, { id: 'a', n: 9 })).toEqual([
      { id: 'a', n: 9 },
      { id: 'b', n: 2 },
    ]);
    expect(upsertById(list, { id: 'c', n: 3 })).toHaveLength(3);
  });

  it('drop the message of a field once it is edited, and the form message once name and URL are there', () => {
    const before = newWebhookDraft();
    const errors = {
      form: 'Please provide a name and endpoint URL for the webhook',
      name: 'Webhook name is required',
      endpointUrl: 'Endpoint URL is required',
      headers: 'bad',
    };
    const typedName = errorsAfterEdit(errors, before, { ...before, name: 'CRM' });
    expect(typedName).toEqual({ form: errors.form, endpointUrl: errors.endpointUrl, headers: 'bad' });
    const both = errorsAfterEdit(typedName, { ...before, name: 'CRM' }, { ...before, name: 'CRM', endpointUrl: 'https://x.example' });
    expect(both).toEqual({ headers: 'bad' });
    expect(errorsAfterEdit(both, before, { ...before, headersText: '{}' })).toEqual({});
  });
});
