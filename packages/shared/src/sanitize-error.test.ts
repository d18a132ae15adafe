import { describe, expect, it } from 'vitest';
import { sanitizeErrorMessage } from './sanitize-error';

describe('sanitizeErrorMessage (spec part 1 §5)', () => {
  it.each([
    'Invalid password',
    'JWT token expired',
    'Missing API key',
    'client secret mismatch',
    'database connection refused',
    'relation "users" table missing',
    'column "x" does not exist',
    'syntax error in SELECT * FROM users WHERE id = 1',
    'insert into profiles failed',
  ])('hides "%s"', (message) => {
    expect(sanitizeErrorMessage(message)).toBe('An error occurred. Please try again.');
  });

  it('keeps ordinary messages and uses the given fallback', () => {
    expect(sanitizeErrorMessage('Incorrect e-mail or credentials.')).toBe('Incorrect e-mail or credentials.');
    expect(sanitizeErrorMessage('Please update your name')).toBe('Please update your name');
    expect(sanitizeErrorMessage('', 'An unexpected error occurred')).toBe('An unexpected error occurred');
    expect(sanitizeErrorMessage('token', 'An unexpected error occurred')).toBe('An unexpected error occurred');
  });
});
