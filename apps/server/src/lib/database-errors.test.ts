import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from './database-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database out of reach, also when wrapped (Drizzle puts the driver error in cause)', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves query faults and failed outgoing HTTP calls alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED') }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('constraint violations', () => {
  it('are recognised by SQLSTATE, also inside Drizzle’s wrapper', () => {
    expect(isUniqueViolation(new Error('Failed query', { cause: withCode('duplicate key value', '23505') }))).toBe(true);
    expect(isForeignKeyViolation(withCode('violates foreign key constraint', '23503'))).toBe(true);
    expect(isUniqueViolation(withCode('violates foreign key constraint', '23503'))).toBe(false);
    expect(isUniqueViolation(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
