import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { profiles } from '../../db/schema/index';
import { createSignedInUser, testConfig, type TestContext } from '../../test/harness';

type Identity = 'anonymous' | 'customer' | 'deactivated';
const IDENTITIES: Identity[] = ['anonymous', 'customer', 'deactivated'];

/** What each declared access level answers to each identity: 'denied' is 401. */
const EXPECTED: Record<string, Record<Identity, 'allowed' | 'denied'>> = {
  public: { anonymous: 'allowed', customer: 'allowed', deactivated: 'allowed' },
  user: { anonymous: 'denied', customer: 'allowed', deactivated: 'denied' },
};

/** A concrete URL for a route pattern. */
function sampleUrl(url: string): string {
  if (url === '/api/auth/*') return '/api/auth/get-session';
  if (url === '/*') return '/dashboard';
  return url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'index.html');
}

describe('route matrix: every route declares who may call it, and the server enforces it', () => {
  let ctx: TestContext;
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    const config = testConfig();
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    ctx = { app, database, config };
  });
  afterAll(async () => {
    await ctx.app.close();
    await database.close();
  });

  async function cookieFor(identity: Identity): Promise<string | undefined> {
    if (identity === 'anonymous') return undefined;
    const user = await createSignedInUser(ctx);
    if (identity === 'deactivated') await database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user.userId));
    return user.cookie;
  }

  it('refuses to start with a route that declares no access', async () => {
    const app = await buildApp(testConfig(), { database, logger: false });
    expect(() => (app as FastifyInstance).get('/api/undeclared', async () => 'x')).toThrow(/does not declare who may call it/);
    await app.close();
  });

  it('has a declaration for every registered route', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(5);
    for (const route of ctx.app.routeTable) expect(Object.keys(EXPECTED), `${route.method} ${route.url}`).toContain(route.access);
  });

  it('answers every route as its declaration says, for every identity, and never with a 500', async () => {
    const results: string[] = [];
    for (const route of ctx.app.routeTable) {
      for (const identity of IDENTITIES) {
        const cookie = await cookieFor(identity);
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: sampleUrl(route.url),
          headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' },
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        const expected = EXPECTED[route.access]![identity];
        const outcome = response.statusCode === 401 ? 'denied' : 'allowed';
        results.push(`${route.method} ${route.url} as ${identity}: ${response.statusCode}`);
        expect(response.statusCode, `${route.method} ${route.url} as ${identity}`).toBeLessThan(500);
        if (route.url !== '/api/auth/*') expect(outcome, `${route.method} ${route.url} as ${identity} → ${response.statusCode}`).toBe(expected);
      }
    }
    expect(results.length).toBe(ctx.app.routeTable.length * IDENTITIES.length);
  });
});
