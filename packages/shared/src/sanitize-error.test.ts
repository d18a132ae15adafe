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
    'Missing encryption_key',
    'invalid privateKey',
    'tables are locked',
    'unknown columns a, b',
  ])('hides "%s"', (message) => {
    expect(sanitizeErrorMessage(message)).toBe('An error occurred. Please try again.');
  });

  it('keeps ordinary messages and uses the given fallback', () => {
    expect(sanitizeErrorMessage('Incorrect e-mail or credentials.')).toBe('Incorrect e-mail or credentials.');
    expect(sanitizeErrorMessage('Please update your name')).toBe('Please update your name');
    // Words that hold "key" or an SQL verb alone are not internals.
    expect(sanitizeErrorMessage('The monkey logo could not be read')).toBe('The monkey logo could not be read');
    expect(sanitizeErrorMessage('Failed to delete tier')).toBe('Failed to delete tier');
    expect(sanitizeErrorMessage('', 'An unexpected error occurred')).toBe('An unexpected error occurred');
    expect(sanitizeErrorMessage('token', 'An unexpected error occurred')).toBe('An unexpected error occurred');
  });
});
