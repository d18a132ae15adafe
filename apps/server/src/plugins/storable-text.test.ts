import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { adminUsers } from '../db/schema/index';
import { createSignedInUser, openTestDatabase, testConfig, type TestContext } from '../test/harness';
import { findUnstorableText, unstorableTextMessage, type UnstorableText } from './storable-text';

/**
 * Text PostgreSQL cannot store (issue 40): a NUL anywhere, or a UTF-16 surrogate without its pair, which JSON carries
 * as `\ud800` and jsonb refuses. Every route refuses it before its contract and its handler, with a 400 naming the field.
 */

/** A string of ordinary text with one unstorable character somewhere in it. */
const poisoned = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff'), fc.string({ maxLength: 20 }))
  .map(([before, bad, after]) => ({ text: `${before}${bad}${after}`, kind: (bad === '\u0000' ? 'nul' : 'surrogate') as UnstorableText['kind'] }))
  // fc.string never makes a surrogate half, so the character stays alone; a NUL is a NUL wherever it is.
  .filter(({ text }) => findUnstorableText(text, 'x') !== null);

/** The field names of a zod object contract (z.object, or one wrapped in optional/default/pipe), else none. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown } } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    current = (current.def?.innerType ?? current.def?.in) as typeof current;
  }
  return [];
}

/** Routes that end the caller's session, stream without end, or serve the web app's files. */
const SKIPPED = new Set(['/api/auth/*', '/api/session/timeout', '/*']);

/**
 * Routes that read their body as the signed bytes (Stripe's webhook): the signature is checked on those bytes before
 * anything is parsed, so an unsigned body is a 400 of its own, and text inside a signed one is JSON-escaped, not raw.
 */
const RAW_SIGNED_BODY = new Set(['/api/webhooks/stripe']);

describe('findUnstorableText', () => {
  it('finds a NUL or a lone surrogate in nested values and keys, and passes paired surrogates (emoji)', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] }, 'body')).toEqual({ field: 'body.a.1.b', kind: 'nul' });
    expect(findUnstorableText({ name: 'a\ud800b' }, 'body')).toEqual({ field: 'body.name', kind: 'surrogate' });
    expect(findUnstorableText({ name: 'a\udc00' }, 'body')).toEqual({ field: 'body.name', kind: 'surrogate' });
    expect(findUnstorableText({ ['k\u0000']: 1 }, 'body')).toEqual({ field: 'body', kind: 'nul' });
    expect(findUnstorableText({ name: 'Parley 💬 🚀', n: 1, ok: true, none: null }, 'body')).toBeNull();
    expect(unstorableTextMessage({ field: 'body.<script>.name', kind: 'nul' })).toBe(
      'body.?.name: text cannot contain the NUL character (U+0000). Remove it and try again.',
    );
    expect(unstorableTextMessage({ field: 'body.apiKey', kind: 'nul' })).toBe('Text cannot contain the NUL character (U+0000). Remove it and try again.');
  });
});

describe('every route refuses text PostgreSQL cannot store (property)', () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;
  let app: FastifyInstance;

  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    database = opened.database;
    dispose = opened.dispose;
    app = await buildApp(testConfig(), { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose?.();
  });

  it('answers 400 naming the field in the params, the query or the body, for every route and identity', async () => {
    const c: TestContext = { app, database, config: app.config };
    const admin = await createSignedInUser(c);
    await database.db.insert(adminUsers).values({ userId: admin.userId, role: 'system_admin', isActive: true });
    // Streams too: the refusal comes before a stream would open.
    const routes = app.routeTable.filter((route) => !SKIPPED.has(route.url));
    expect(routes.length).toBeGreaterThan(150);
    let requests = 0;
    let ip = 0;
    const failures: string[] = [];
    for (const route of routes) {
      const params = route.url.match(/:[^/]+/g) ?? [];
      const bodyFields = fieldsOf(route.schema.body);
      const withBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.method !== 'DELETE';
      const where = fc.constantFrom(...(['query', ...(params.length > 0 ? ['params'] : []), ...(withBody ? ['body'] : [])] as const));
      await fc
        .assert(
          fc.asyncProperty(where, poisoned, fc.nat(), async (place, { text, kind }, pick) => {
            let url = route.url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
            const query: Record<string, string> = {};
            let payload: Record<string, unknown> | undefined = withBody ? {} : undefined;
            let field: string;
            if (place === 'params') {
              // A NUL travels percent-encoded; a lone surrogate has no UTF-8 form, so a path can only carry the NUL.
              const name = params[pick % params.length]!;
              url = route.url.replace(/:[^/]+/g, (segment) => (segment === name ? '%00' : '00000000-0000-4000-8000-000000000000'));
              field = `params.${name.slice(1)}`;
              kind = 'nul';
            } else if (place === 'query') {
              query.note = text.replace(/[\ud800-\udfff]/g, '\u0000');
              field = 'query.note';
              kind = 'nul';
            } else {
              const name = bodyFields.length > 0 ? bodyFields[pick % bodyFields.length]! : 'note';
              payload = { [name]: text };
              field = `body.${name}`;
            }
            ip += 1;
            const response = await app.inject({
              method: route.method as 'POST',
              url,
              query,
              remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
              headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
              ...(payload ? { payload } : {}),
            });
            requests += 1;
            const what = `${route.method} ${route.url} (${field}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, what).toBe(400);
            if (route.method === 'HEAD' || (place === 'body' && RAW_SIGNED_BODY.has(route.url))) return;
            const body = response.json() as { message?: string; error?: { message?: string } };
            // Named, unless its name mentions a credential (password, apiKey…): then the rule alone (spec part 1 §5).
            const message = unstorableTextMessage({ field, kind });
            expect(sanitizeErrorMessage(message)).toBe(message);
            expect(body.message ?? body.error?.message, what).toBe(message);
          }),
          { numRuns: 3, seed: 20261202 },
        )
        .catch((error: unknown) => failures.push(String((error as { cause?: unknown }).cause ?? error).split('\n')[0]!));
    }
    expect(failures).toEqual([]);
    console.log(`unstorable text: ${requests} requests over ${routes.length} routes, every one a 400 naming the field`);
  }, 600_000);
});
