import type { ApiKey } from '@parley/shared/contracts/api-keys';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** Revoked wins over expired; a key whose expiry has passed (or is unreadable) is expired. */
export function apiKeyStatus(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: Date = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) {
    const expiresAt = new Date(key.expiresAt).getTime();
    if (Number.isNaN(expiresAt) || expiresAt <= now.getTime()) return 'expired';
  }
  return 'active';
}

export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

/** What the table shows of a key: its public prefix, visibly cut short ("pk_3f9a2c1d…"). */
export function maskedPrefix(prefix: string): string {
  return `${prefix}…`;
}

/** "All chatbots" for an organization-wide key, else the chatbot's name (or a note when it was deleted). */
export function scopeLabel(key: Pick<ApiKey, 'chatbotId' | 'chatbotName'>): string {
  if (!key.chatbotId) return 'All chatbots';
  return key.chatbotName ?? 'Deleted chatbot';
}

/** The expiry choices of the create dialog; the select works on strings, the contract on days or null. */
export const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '365 days', days: 365 },
] as const;

export function expiryToOption(days: number | null | undefined): string {
  return days == null ? 'never' : String(days);
}

export function optionToExpiry(value: string): number | null {
  return EXPIRY_OPTIONS.find((option) => option.value === value)?.days ?? null;
}

/** The base URL of the OpenAI-compatible API on this server. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/v1`;
}

export function curlSample(origin: string): string {
  return [
    `curl ${apiBaseUrl(origin)}/chat/completions \\`,
    `  -H "Authorization: Bearer $PARLEY_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"model": "<chatbot-id>", "messages": [{"role": "user", "content": "Hello!"}]}'`,
  ].join('\n');
}

export function openaiSample(origin: string): string {
  return [
    `import OpenAI from 'openai';`,
    ``,
    `const client = new OpenAI({ apiKey: process.env.PARLEY_API_KEY, baseURL: '${apiBaseUrl(origin)}' });`,
    ``,
    `const completion = await client.chat.completions.create({`,
    `  model: '<chatbot-id>',`,
    `  messages: [{ role: 'user', content: 'Hello!' }],`,
    `});`,
    `console.log(completion.choices[0].message.content);`,
  ].join('\n');
}
