import { describe, expect, it } from 'vitest';
import { computeAuthHealth } from './auth-health';

const now = Date.parse('2026-11-22T12:00:00Z');
const userId = '0b8f3c2e-1111-4222-8333-444455556666';
const future = '2026-11-29T12:00:00Z';

describe('auth health', () => {
  it('is healthy when the page, the session and the admin record agree', () => {
    const health = computeAuthHealth({
      frontendUserId: userId,
      session: { kind: 'ok', userId, expiresAt: future },
      admin: { kind: 'ok', isAdmin: true, role: 'system_admin' },
      checkedAt: now,
    });
    expect(health).toMatchObject({
      frontendAuth: true,
      backendAuth: true,
      sessionValid: true,
      tokensValid: true,
      adminRecord: true,
      isHealthy: true,
      errors: [],
    });
  });

  it('says the session is invalid when the page believes in a user the server no longer knows', () => {
    const health = computeAuthHealth({ frontendUserId: userId, session: { kind: 'no-session' }, admin: { kind: 'failed', message: 'x' }, checkedAt: now });
    expect(health.isHealthy).toBe(false);
    expect(health.errors).toEqual(['User exists but session is invalid']);
  });

  it('names a missing admin record, an expired session and failed checks', () => {
    expect(
      computeAuthHealth({
        frontendUserId: userId,
        session: { kind: 'ok', userId, expiresAt: '2026-11-01T00:00:00Z' },
        admin: { kind: 'ok', isAdmin: false, role: null },
        checkedAt: now,
      }).errors,
    ).toEqual(['Token validation failed', 'User authenticated but no admin record found']);
    expect(
      computeAuthHealth({
        frontendUserId: userId,
        session: { kind: 'failed', message: 'Could not reach the server.' },
        admin: { kind: 'failed', message: 'down' },
        checkedAt: now,
      }).errors,
    ).toEqual(['Session check error: Could not reach the server.']);
    expect(
      computeAuthHealth({
        frontendUserId: userId,
        session: { kind: 'ok', userId, expiresAt: future },
        admin: { kind: 'failed', message: 'down' },
        checkedAt: now,
      }).errors,
    ).toEqual(['Admin record check failed: down']);
  });

  it('notices when the server knows a different user than the page', () => {
    const health = computeAuthHealth({
      frontendUserId: userId,
      session: { kind: 'ok', userId: '9b8f3c2e-1111-4222-8333-444455556666', expiresAt: future },
      admin: { kind: 'ok', isAdmin: true, role: 'support' },
      checkedAt: now,
    });
    expect(health.backendAuth).toBe(false);
    expect(health.errors[0]).toMatch(/^Backend auth error/);
  });
});
