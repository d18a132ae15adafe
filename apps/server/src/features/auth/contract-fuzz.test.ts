import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { adminUsers } from '../../db/schema/index';
import { createSignedInUser, openTestDatabase, testConfig, type TestContext } from '../../test/harness';

/**
 * Every route against random and hostile input (issue 10): wrong types, huge strings, SQL and script payloads,
 * invalid UUIDs, unicode — in the params, the query and the body, shaped after the route's own zod contract so that
 * the values reach each field's validation and the handler. Called as a system admin who owns an organization
 * (every guard passes, so the contract and the handler are what answer) and anonymously. No answer may be a 500.
 */

const RUNS_PER_ROUTE = 8;

/** Routes that end the caller's session or account, or stream without end; each has its own tests. */
const SKIPPED = new Set(['/api/auth/*', '/api/session/timeout', '/*']);
const SKIPPED_METHOD_URL = new Set(['POST /api/account/deletion', 'DELETE /api/account/sessions']);

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom(
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '\u0000',
    '%00',
    '\ud800',
    '💥🚀'.repeat(300),
    'x'.repeat(70_000),
    '-1',
    '1e309',
    'NaN',
    '00000000-0000-0000-0000-000000000000',
    'not-a-uuid',
    '${jndi:ldap://x}',
    '{{7*7}}',
    'null',
    ' ',
    '',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER),
  fc.array(hostileText, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), hostileText, { maxKeys: 3 }),
);

/** The field names of a zod object contract (z.object, or one wrapped in optional/default/pipe), else none. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown; def?: { in?: unknown; innerType?: unknown } } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    current = (current.def?.innerType ?? current.def?.in) as typeof current;
  }
  return [];
}

/** A body shaped after the contract: some of its fields, each with a hostile value; or anything at all. */
function bodyFor(schema: unknown): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema);
  const shaped = fields.length > 0 ? fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }) : hostileValue;
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) });
}

function queryFor(schema: unknown): fc.Arbitrary<Record<string, string>> {
  const fields = fieldsOf(schema);
  const keys = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ maxLength: 8 });
  return fc.dictionary(keys, hostileText, { maxKeys: Math.max(1, fields.length) });
}

function urlFor(pattern: string, values: string[]): string {
  let i = 0;
  // Every byte percent-encoded (a lone surrogate becomes U+FFFD, as a browser would send it).
  const encode = (value: string) => [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return pattern.replace(/:[^/]+/g, () => encode(values[i++] ?? 'x'));
}

describe('contract fuzz: hostile input never gets a 500', () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;
  let app: FastifyInstance;
  let c: TestContext;

  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    database = opened.database;
    dispose = opened.dispose;
    app = await buildApp(testConfig({ ALLOW_PRIVATE_FETCH: 'false' }), { database, logger: false });
    await app.ready();
    c = { app, database, config: app.config };
  });
  afterAll(async () => {
    await app.close();
    await dispose?.();
  });

  it('answers every route below 500 for random and hostile params, queries and bodies', async () => {
    const admin = await createSignedInUser(c);
    await database.db.insert(adminUsers).values({ userId: admin.userId, role: 'system_admin', isActive: true });
    let cookie = admin.cookie;
    const stillSignedIn = async () => (await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json() !== null;

    const routes = app.routeTable.filter((route) => !route.stream && !SKIPPED.has(route.url) && !SKIPPED_METHOD_URL.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(150);
    let requests = 0;
    let ip = 0;
    for (const route of routes) {
      const paramCount = (route.url.match(/:[^/]+/g) ?? []).length;
      const arbitrary = fc.record({
        params: fc.array(fc.oneof(fc.uuid(), hostileText), { minLength: paramCount, maxLength: paramCount }),
        query: queryFor(route.schema.querystring),
        body: bodyFor(route.schema.body),
        anonymous: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ params, query, body, anonymous }) => {
          const withBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'OPTIONS';
          ip += 1;
          const response = await app.inject({
            method: route.method as 'POST',
            url: urlFor(route.url, params),
            query,
            // Different addresses, so that rate limits do not stand in for the handlers.
            remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            headers: { ...(anonymous ? {} : { cookie }), origin: 'http://localhost:3000' },
            ...(withBody ? { payload: body === undefined ? {} : (body as object) } : {}),
          });
          requests += 1;
          expect(response.statusCode, `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 20261123 },
      );
      // A route that signed the admin out (e.g. revoked every session) would leave the rest untested.
      if (!(await stillSignedIn())) {
        const again = await createSignedInUser(c);
        await database.db.insert(adminUsers).values({ userId: again.userId, role: 'system_admin', isActive: true });
        await database.db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.userId, again.userId));
        cookie = again.cookie;
      }
    }
    console.log(`contract fuzz: ${requests} requests over ${routes.length} routes, none answered 500`);
  }, 600_000);
});
