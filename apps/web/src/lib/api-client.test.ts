import { describe, expect, it } from 'vitest';
import { isSessionEndpoint } from './api-client';

describe('isSessionEndpoint', () => {
  it('treats auth routes and session calls as answering 401 on purpose', () => {
    for (const path of ['/api/auth/sign-in/email', '/api/me', '/api/me?x=1', '/api/session/timeout', '/api/security-events/client']) {
      expect(isSessionEndpoint(path)).toBe(true);
    }
  });

  it('treats every other API call as needing a session', () => {
    for (const path of ['/api/chatbots', '/api/me/profile', '/api/authors', '/v1/chat/completions']) {
      expect(isSessionEndpoint(path)).toBe(false);
    }
  });
});
