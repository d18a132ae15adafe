import { signUpBodySchema } from '@parley/shared/contracts/auth';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { pgliteTemplates, testConfig } from '../../test/harness';
import type { FastifyInstance } from 'fastify';

/** Bodies that are sometimes right, mostly wrong in one way or another. */
const plausibleString = fc.oneof(fc.string(), fc.constant(''), fc.constant('   '), fc.string({ minLength: 120, maxLength: 300 }), fc.constant('Ada'));
const emailLike = fc.oneof(fc.emailAddress(), fc.string(), fc.constant('not-an-email'), fc.constant(' UPPER@Example.COM '));
const anyValue = fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const field = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: anyValue }), { nil: undefined });

const signUpBody = fc.record(
  {
    email: field(emailLike),
    password: field(fc.oneof(fc.string(), fc.string({ minLength: 8, maxLength: 40 }), fc.string({ minLength: 129, maxLength: 200 }))),
    firstName: field(plausibleString),
    lastName: field(plausibleString),
    name: field(plausibleString),
    callbackURL: field(fc.oneof(fc.constant('/auth/callback?type=email'), fc.constant('https://evil.example/'), fc.constant('//evil.example'), fc.string())),
  },
  { requiredKeys: [] },
);

describe('bad input to sign-up and sign-in (property)', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(pgliteTemplates());
    app = await buildApp(testConfig(), { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const userCount = async () => Number((await database.db.select({ n: count() }).from(users))[0]?.n ?? 0);

  it('random sign-up bodies never produce a 500 and an invalid body never creates a user', async () => {
    await fc.assert(
      fc.asyncProperty(signUpBody, async (body) => {
        // An earlier valid body may already have created a user with the same e-mail: compare counts.
        const usersBefore = await userCount();
        const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost:3000' }, payload: body });
        expect(response.statusCode).toBeLessThan(500);
        const valid = signUpBodySchema.safeParse(body).success;
        if (!valid) {
          expect(response.statusCode).toBe(400);
          expect(await userCount()).toBe(usersBefore);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('random sign-in bodies never produce a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: field(emailLike), password: field(fc.string()), rememberMe: field(fc.boolean()) }, { requiredKeys: [] }),
        async (body) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: `10.${Math.floor(Math.random() * 250)}.0.1`,
            payload: body,
          });
          expect(response.statusCode).toBeLessThan(500);
          expect([400, 401, 403, 429]).toContain(response.statusCode);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('malformed JSON and wrong content types are 4xx with a message', async () => {
    const broken = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTruthy();
    const text = await app.inject({ method: 'POST', url: '/api/session/timeout', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});
