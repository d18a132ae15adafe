import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/dashboard/chatbots?page=2', '/dashboard')).toBe('/dashboard/chatbots?page=2');
  });

  it('refuses other sites and the auth pages themselves', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/auth', '/auth/callback', 42, null]) {
      expect(safeRedirectPath(bad, '/dashboard')).toBe('/dashboard');
    }
  });
});
