import { describe, expect, it } from 'vitest';
import { checkJsonText } from './json-text';
import { tabOfField, templateFormValues } from './template-form-values';
import { feedbackForError, feedbackForResult } from './webhook-test-feedback';

describe('webhook test feedback', () => {
  it('says "Webhook test successful" with the status and time', () => {
    expect(feedbackForResult({ success: true, status: 200, statusText: 'OK', latencyMs: 42, responseExcerpt: '' })).toEqual({
      tone: 'success',
      title: 'Webhook test successful',
      description: 'HTTP 200 OK in 42 ms',
    });
  });

  it('says "Webhook Test Failed" with HTTP status and text, or why no answer came', () => {
    expect(feedbackForResult({ success: false, status: 500, statusText: 'Internal Server Error', latencyMs: 5, responseExcerpt: '' })).toEqual({
      tone: 'error',
      title: 'Webhook Test Failed',
      description: 'HTTP 500 Internal Server Error.',
    });
    expect(feedbackForResult({ success: false, status: 404, statusText: '', latencyMs: 5, responseExcerpt: '' }).description).toBe('HTTP 404.');
    expect(feedbackForResult({ success: false, status: 403, statusText: 'Forbidden', latencyMs: 5, responseExcerpt: '' }).description).toMatch(
      /^HTTP 403 Forbidden\. The endpoint refused the request/,
    );
    expect(feedbackForResult({ success: false, status: 0, statusText: 'No answer within 30 s', latencyMs: 30000, responseExcerpt: '' }).description).toBe(
      'No answer within 30 s',
    );
  });

  it('tells the user admin access is required when our server answers 403', () => {
    expect(feedbackForError({ status: 403, message: 'You need developer role to access this feature.' })).toEqual({
      tone: 'error',
      title: 'Webhook Test Failed',
      description: 'Admin access required. Ensure your account has admin privileges.',
    });
    expect(feedbackForError({ status: 400, message: 'This address is on a private or local network.' }).description).toBe(
      'This address is on a private or local network.',
    );
    expect(feedbackForError({ status: 500, message: 'password authentication failed' }).description).toBe('The test could not be sent. Please try again.');
  });
});

describe('template form helpers', () => {
  it('check JSON text for the validity hint', () => {
    expect(checkJsonText('')).toEqual({ kind: 'empty' });
    expect(checkJsonText('{"a": [1, 2]}')).toEqual({ kind: 'valid' });
    expect(checkJsonText('{ nope').kind).toBe('invalid');
  });

  it('start a new action with defaults and open the tab holding a failing field', () => {
    expect(templateFormValues()).toEqual({
      name: '',
      description: '',
      actionType: 'webhook',
      categoryId: null,
      templateConfig: '{}',
      instructionsTemplate: '',
      icon: 'Zap',
      isFeatured: false,
      isActive: true,
    });
    expect(tabOfField('name')).toBe('basic');
    expect(tabOfField('templateConfig')).toBe('configuration');
    expect(tabOfField('webhooks')).toBe('webhooks');
    expect(tabOfField('eventHandlers')).toBe('events');
  });
});
