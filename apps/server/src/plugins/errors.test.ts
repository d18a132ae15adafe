import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FOREIGN_KEY_VIOLATION_MESSAGE, UNIQUE_VIOLATION_MESSAGE } from '../lib/database-errors';
import { errorsPlugin } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** Drizzle's shape: its own "Failed query" error with the driver error as cause. */
const wrapped = (code: string) => new Error('Failed query: insert into "x"', { cause: withCode('violates a constraint', code) });

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/api/boom', async () => {
    throw error;
  });
  return app;
}

describe('error handler: constraint violations no service caught', () => {
  it('a unique violation (two requests creating the same thing at once) is a 409 with a clear message, not a 500', async () => {
    const response = await (await appThrowing(wrapped('23505'))).inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: UNIQUE_VIOLATION_MESSAGE });
  });

  it('a foreign-key violation is a 409 too, and no SQL reaches the caller', async () => {
    const response = await (await appThrowing(wrapped('23503'))).inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: FOREIGN_KEY_VIOLATION_MESSAGE });
    expect(response.body).not.toContain('insert into');
  });

  it('any other database fault stays a 500', async () => {
    const response = await (await appThrowing(wrapped('42601'))).inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
  });
});
