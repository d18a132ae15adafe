import { describe, expect, it } from 'vitest';
import { apiBaseUrl, apiKeyStatus, curlSample, expiryToOption, maskedPrefix, openaiSample, optionToExpiry, scopeLabel } from './api-key-display';

const now = new Date('2025-06-01T12:00:00.000Z');

describe('the status of an API key', () => {
  it('is active without revocation or expiry, or before its expiry', () => {
    expect(apiKeyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2025-06-02T00:00:00.000Z' }, now)).toBe('active');
  });

  it('is expired once the expiry has passed', () => {
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2025-06-01T12:00:00.000Z' }, now)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2024-01-01T00:00:00.000Z' }, now)).toBe('expired');
  });

  it('is revoked when revoked, even if also expired', () => {
    expect(apiKeyStatus({ revokedAt: '2025-05-01T00:00:00.000Z', expiresAt: null }, now)).toBe('revoked');
    expect(apiKeyStatus({ revokedAt: '2025-05-01T00:00:00.000Z', expiresAt: '2024-01-01T00:00:00.000Z' }, now)).toBe('revoked');
  });
});

describe('what the API keys page shows', () => {
  it('cuts the prefix short visibly', () => {
    expect(maskedPrefix('pk_3f9a2c1d')).toBe('pk_3f9a2c1d…');
  });

  it('names the scope', () => {
    expect(scopeLabel({ chatbotId: null, chatbotName: null })).toBe('All chatbots');
    expect(scopeLabel({ chatbotId: '6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f', chatbotName: 'Support' })).toBe('Support');
    expect(scopeLabel({ chatbotId: '6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f', chatbotName: null })).toBe('Deleted chatbot');
  });

  it('maps expiry choices to days and back', () => {
    expect(optionToExpiry('never')).toBeNull();
    expect(optionToExpiry('90')).toBe(90);
    expect(expiryToOption(null)).toBe('never');
    expect(expiryToOption(365)).toBe('365');
  });

  it('points the code samples at /v1 on this origin', () => {
    expect(apiBaseUrl('https://chat.example.com/')).toBe('https://chat.example.com/v1');
    expect(curlSample('https://chat.example.com')).toContain('https://chat.example.com/v1/chat/completions');
    expect(openaiSample('https://chat.example.com')).toContain("baseURL: 'https://chat.example.com/v1'");
  });
});
