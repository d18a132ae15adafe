import { CHATBOT_ACTION_MESSAGES, type ChatbotAction } from '@parley/shared/contracts/chatbot-actions';
import { describe, expect, it } from 'vitest';
import {
  checkActionChange,
  checkNewAction,
  FORM_MESSAGES,
  freeActionName,
  fromCatalogue,
  newActionValues,
  sampleArguments,
  toFormValues,
  type ActionFormValues,
} from './action-form';

const SECRET = `whsec_${'A'.repeat(43)}=`;
const webhook = (changes: Partial<ActionFormValues> = {}): ActionFormValues => ({
  ...newActionValues('webhook'),
  name: 'order_status',
  description: 'Looks up an order.',
  url: 'https://shop.example.com/hook',
  ...changes,
});

const saved: ChatbotAction = {
  id: 'a0000000-0000-4000-8000-000000000001',
  chatbotId: 'c0000000-0000-4000-8000-000000000001',
  templateId: null,
  name: 'order_status',
  description: 'Looks up an order.',
  kind: 'webhook',
  url: 'https://shop.example.com/hook',
  method: 'POST',
  headers: { 'X-Shop': 'acme' },
  hasSigningSecret: true,
  mcpTool: null,
  hasAuthToken: false,
  n8nEndpointId: null,
  offerAsButton: false,
  buttonLabel: null,
  parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  enabled: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

describe('checkNewAction', () => {
  it('turns a webhook form into the create body: headers from rows, the parameters parsed, a secret only when typed', () => {
    const check = checkNewAction(
      webhook({
        headers: [
          { name: 'X-Shop', value: 'acme' },
          { name: '', value: '' },
        ],
        parametersText: '{"type":"object","properties":{"order_id":{"type":"string"}}}',
        signingSecret: SECRET,
      }),
    );
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({
        kind: 'webhook',
        name: 'order_status',
        url: 'https://shop.example.com/hook',
        headers: { 'X-Shop': 'acme' },
        signingSecret: SECRET,
        parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
        offerAsButton: false,
      }),
    });
    const withoutSecret = checkNewAction(webhook());
    expect(withoutSecret.ok && 'signingSecret' in withoutSecret.body && withoutSecret.body.signingSecret !== undefined).toBe(false);
  });

  it('names every field that would be refused, in the contract’s words or the form’s', () => {
    const check = checkNewAction(
      webhook({
        name: 'Order Status',
        description: ' ',
        url: '',
        headers: [
          { name: 'X-A', value: '1' },
          { name: 'x-a', value: '2' },
        ],
        signingSecret: 'hunter2',
        parametersText: '{"type": "object",',
      }),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      name: CHATBOT_ACTION_MESSAGES.nameFormat,
      description: CHATBOT_ACTION_MESSAGES.descriptionRequired,
      url: CHATBOT_ACTION_MESSAGES.urlRequired,
      headers: FORM_MESSAGES.headerDuplicate('x-a'),
      signingSecret: CHATBOT_ACTION_MESSAGES.secretFormat,
    });
    expect(check.errors.parametersText).toMatch(/^The parameters are not valid JSON \(/);
  });

  it('refuses a reserved header, a header without a name, and parameters that are not an object schema', () => {
    const reserved = checkNewAction(webhook({ headers: [{ name: 'Webhook-Signature', value: 'v1,forged' }] }));
    expect(!reserved.ok && reserved.errors.headers).toBe(CHATBOT_ACTION_MESSAGES.headerReserved('Webhook-Signature'));
    const nameless = checkNewAction(webhook({ headers: [{ name: ' ', value: 'acme' }] }));
    expect(!nameless.ok && nameless.errors.headers).toBe(FORM_MESSAGES.headerNameMissing);
    const array = checkNewAction(webhook({ parametersText: '[]' }));
    expect(!array.ok && array.errors.parametersText).toBe(FORM_MESSAGES.parametersObject);
    const notObject = checkNewAction(webhook({ parametersText: '{"type":"string"}' }));
    expect(!notObject.ok && notObject.errors.parametersText).toBe(CHATBOT_ACTION_MESSAGES.parametersNotObject);
  });

  it('asks the built-in kinds only what they need (no address, headers or secret), and n8n its endpoint', () => {
    const contact = checkNewAction(newActionValues('contact'));
    expect(contact).toEqual({ ok: true, body: expect.objectContaining({ kind: 'contact', name: 'collect_contact_details' }) });
    expect(contact.ok && [contact.body.url, contact.body.signingSecret, contact.body.mcpTool, contact.body.authToken]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(contact.ok && contact.body.headers).toEqual({});
    const handoff = checkNewAction(newActionValues('handoff'));
    expect(handoff.ok).toBe(true);
    const n8n = checkNewAction({ ...newActionValues('n8n'), description: 'Starts the refund workflow.' });
    expect(!n8n.ok && n8n.errors.n8nEndpointId).toBe(CHATBOT_ACTION_MESSAGES.n8nEndpointRequired);
    const chosen = checkNewAction({ ...newActionValues('n8n'), description: 'Starts the refund workflow.', n8nEndpointId: saved.id });
    expect(chosen).toEqual({ ok: true, body: expect.objectContaining({ kind: 'n8n', n8nEndpointId: saved.id }) });
  });

  it('starts a catalogue template as a webhook naming its template, with what it suggests', () => {
    const values = fromCatalogue({
      templateId: saved.id,
      name: 'Order status',
      description: 'Shows where an order is.',
      category: 'Commerce',
      icon: 'Search',
      isFeatured: true,
      suggested: {
        kind: 'webhook',
        name: 'order_status',
        description: 'Call when asked about an order.',
        url: 'https://shop.example.com/hook',
        headers: { 'X-Shop': 'acme' },
        parameters: saved.parameters,
        mcpTools: [],
      },
    });
    const check = checkNewAction(values);
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({ templateId: saved.id, name: 'order_status', headers: { 'X-Shop': 'acme' }, parameters: saved.parameters }),
    });
  });
});

describe('checkActionChange', () => {
  it('keeps the saved secret unless it is replaced or removed', () => {
    const values = toFormValues(saved);
    const kept = checkActionChange(values);
    expect(kept.ok && 'signingSecret' in kept.body).toBe(false);
    const removed = checkActionChange({ ...values, secretChoice: 'remove' });
    expect(removed.ok && removed.body.signingSecret).toBeNull();
    const replaced = checkActionChange({ ...values, secretChoice: 'set', signingSecret: SECRET });
    expect(replaced.ok && replaced.body.signingSecret).toBe(SECRET);
    const empty = checkActionChange({ ...values, secretChoice: 'set', signingSecret: '' });
    expect(!empty.ok && empty.errors.signingSecret).toBe(FORM_MESSAGES.secretMissing);
  });

  it('does not send the kind, and refuses a blank address rather than keeping the old one', () => {
    const check = checkActionChange(toFormValues(saved));
    expect(check.ok && 'kind' in check.body).toBe(false);
    const blank = checkActionChange({ ...toFormValues(saved), url: '  ' });
    expect(!blank.ok && blank.errors.url).toBe(CHATBOT_ACTION_MESSAGES.urlRequired);
  });
});

describe('helpers', () => {
  it('finds a free name and builds sample arguments from the schema', () => {
    expect(freeActionName('lookup', new Set(['lookup', 'lookup_2']))).toBe('lookup_3');
    expect(freeActionName('x'.repeat(64), new Set(['x'.repeat(64)]))).toBe(`${'x'.repeat(62)}_2`);
    expect(
      sampleArguments({
        type: 'object',
        properties: { order_id: { type: 'string' }, count: { type: 'integer' }, size: { enum: ['S', 'M'] }, note: { type: 'string' } },
        required: ['order_id', 'count', 'size'],
      }),
    ).toEqual({ order_id: '', count: 0, size: 'S' });
    expect(sampleArguments({ type: 'object', properties: { gift: { type: 'boolean' } } })).toEqual({ gift: false });
  });
});
