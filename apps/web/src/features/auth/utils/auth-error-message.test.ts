import { describe, expect, it } from 'vitest';
import { authErrorMessage, formatRetryAfter } from './auth-error-message';

describe('authErrorMessage', () => {
  it("shows the server's message when it is safe", () => {
    expect(authErrorMessage({ code: 'ACCOUNT_DEACTIVATED', message: 'This account has been deactivated.' })).toBe('This account has been deactivated.');
  });

  it('replaces a message that mentions a password with a fixed text for its code', () => {
    expect(authErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toBe('Incorrect e-mail or credentials.');
  });

  it('falls back to the generic text for unknown codes with unsafe messages', () => {
    expect(authErrorMessage({ code: 'INTERNAL', message: 'select * from users where token = 1' })).toBe('An error occurred. Please try again.');
    expect(authErrorMessage({})).toBe('An error occurred. Please try again.');
  });
});

describe('formatRetryAfter', () => {
  it('says seconds under a minute and rounds minutes up', () => {
    expect(formatRetryAfter(1)).toBe('Try again in 1 second.');
    expect(formatRetryAfter(45)).toBe('Try again in 45 seconds.');
    expect(formatRetryAfter(60)).toBe('Try again in 1 minute.');
    expect(formatRetryAfter(61)).toBe('Try again in 2 minutes.');
  });

  it('says nothing without a usable value', () => {
    expect(formatRetryAfter(undefined)).toBeNull();
    expect(formatRetryAfter(0)).toBeNull();
    expect(formatRetryAfter(Number.NaN)).toBeNull();
  });
});
