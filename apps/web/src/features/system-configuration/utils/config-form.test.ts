import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import { describe, expect, it } from 'vitest';
import { changedSettings, integerDefault, isDirty, parseIntegerSetting, toDraft, validateDraft, type ConfigDraft } from './config-form';

const saved: ConfigDraft = { ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null };

describe('parseIntegerSetting', () => {
  it('reads whole numbers, and the default when empty or not a number', () => {
    expect(parseIntegerSetting('1500', 1000)).toBe(1500);
    expect(parseIntegerSetting(' 42 ', 1000)).toBe(42);
    expect(parseIntegerSetting('12.7', 1000)).toBe(12);
    expect(parseIntegerSetting('-3', 1000)).toBe(-3);
    expect(parseIntegerSetting('', 1000)).toBe(1000);
    expect(parseIntegerSetting('   ', 30)).toBe(30);
    expect(parseIntegerSetting('abc', 5)).toBe(5);
  });

  it('uses the spec defaults', () => {
    expect(integerDefault('defaultChunkSize')).toBe(1000);
    expect(integerDefault('defaultChunkOverlap')).toBe(200);
    expect(integerDefault('maxDocumentSizeMb')).toBe(50);
    expect(integerDefault('globalWebhookTimeoutSeconds')).toBe(30);
    expect(integerDefault('webhookRateLimitPerMinute')).toBe(100);
  });
});

describe('dirty tracking', () => {
  it('is clean for the saved values, dirty for any change, and clean again when changed back', () => {
    expect(isDirty(saved, { ...saved })).toBe(false);
    expect(changedSettings(saved, { ...saved, defaultChunkSize: 800 })).toEqual(['defaultChunkSize']);
    expect(changedSettings(saved, { ...saved, processingMode: 'n8n_integration', n8nWebhookBaseUrl: 'https://n8n.example.com' }).sort()).toEqual([
      'n8nWebhookBaseUrl',
      'processingMode',
    ]);
    expect(isDirty(saved, { ...saved, defaultChunkSize: 1000 })).toBe(false);
  });

  it('treats an empty URL as none, and ignores surrounding spaces', () => {
    expect(isDirty(saved, { ...saved, n8nWebhookBaseUrl: '' })).toBe(false);
    const withUrl = { ...saved, n8nWebhookBaseUrl: 'https://n8n.example.com' };
    expect(isDirty(withUrl, { ...withUrl, n8nWebhookBaseUrl: '  https://n8n.example.com ' })).toBe(false);
  });

  it('drops who saved and when from the draft', () => {
    expect(toDraft({ ...saved, updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: 'a@example.com' })).toEqual(saved);
  });
});

describe('validateDraft', () => {
  it('accepts the defaults', () => {
    expect(validateDraft(saved)).toEqual({});
  });

  it('names each field with the contract message', () => {
    const errors = validateDraft({
      ...saved,
      defaultChunkOverlap: 1000,
      processingMode: 'n8n_integration',
      n8nWebhookBaseUrl: '',
      globalWebhookRetryCount: 20,
    });
    expect(errors).toEqual({
      defaultChunkOverlap: 'Chunk overlap must be smaller than the chunk size.',
      n8nWebhookBaseUrl: 'The n8n base URL is required in n8n integration mode.',
      globalWebhookRetryCount: 'Webhook retry count must be from 0 to 10.',
    });
  });
});
