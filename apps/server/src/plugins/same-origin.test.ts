import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { adminUsers } from '../db/schema/index';
import { createSignedInUser, openTestDatabase, testConfig, type TestContext } from '../test/harness';
import { CROSS_SITE_MESSAGE } from './same-origin';

/** Routes that end the caller's session, stream without end, or serve the web app's files. */
const SKIPPED = new Set(['/api/auth/*', '/api/session/timeout', '/*']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a browser says about a request from a page of another site, or of a sibling origin of the same site. */
const FOREIGN: Record<string, Record<string, string>> = {
  'another origin': { origin: 'http://localhost:4000' },
  'a sibling subdomain': { origin: 'http://evil.localhost:3000' },
  'an opaque origin (sandboxed frame, data: URL)': { origin: 'null' },
  'only a foreign Referer': { referer: 'http://127.0.0.1:8080/stickers' },
  'only Sec-Fetch-Site: same-site': { 'sec-fetch-site': 'same-site' },
  'only Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
};

describe('cross-site requests to cookie routes (issue 40)', () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    database = opened.database;
    dispose = opened.dispose;
    app = await buildApp(testConfig(), { database, logger: false });
    await app.ready();
    const c: TestContext = { app, database, config: app.config };
    const admin = await createSignedInUser(c);
    await database.db.insert(adminUsers).values({ userId: admin.userId, role: 'system_admin', isActive: true });
    cookie = admin.cookie;
  });
  afterAll(async () => {
    await app.close();
    await dispose?.();
  });

  const inject = (method: string, url: string, headers: Record<string, string>) =>
    app.inject({
      method: method as 'POST',
      url: url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000'),
      headers: { cookie, ...headers },
      ...(method === 'DELETE' ? {} : { payload: {} }),
    });
  const refusedAsCrossSite = (response: { statusCode: number; body: string }) =>
    response.statusCode === 403 && (JSON.parse(response.body) as { message?: string }).message === CROSS_SITE_MESSAGE;

  it('refuses every state-changing cookie route from a foreign origin, whatever the browser says it is', async () => {
    const routes = app.routeTable.filter((r) => STATE_CHANGING.has(r.method) && !SKIPPED.has(r.url) && r.access !== 'public' && r.access !== 'api_key');
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      for (const [what, headers] of Object.entries(FOREIGN)) {
        const response = await inject(route.method, route.url, headers);
        expect(refusedAsCrossSite(response), `${route.method} ${route.url} from ${what} → ${response.statusCode} ${response.body.slice(0, 160)}`).toBe(true);
      }
    }
  });

  it('lets the application’s own pages through (Origin, Referer or Sec-Fetch-Site), and callers that are not browsers', async () => {
    const own = app.config.trustedOrigins[0]!;
    const routes = app.routeTable.filter((r) => STATE_CHANGING.has(r.method) && !SKIPPED.has(r.url) && r.access !== 'public' && r.access !== 'api_key');
    for (const route of routes) {
      const ownHeaders: Record<string, string>[] = [{ origin: own }, { referer: `${own}/dashboard` }, { 'sec-fetch-site': 'same-origin' }, {}];
      for (const headers of ownHeaders) {
        const response = await inject(route.method, route.url, headers);
        expect(refusedAsCrossSite(response), `${route.method} ${route.url} with ${JSON.stringify(headers)}`).toBe(false);
      }
    }
  });

  it('leaves the widget’s and the API key’s routes to their own rules (a customer’s website is another origin)', async () => {
    const routes = app.routeTable.filter((r) => STATE_CHANGING.has(r.method) && (r.access === 'public' || r.access === 'api_key') && !SKIPPED.has(r.url));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const response = await inject(route.method, route.url, { origin: 'https://shop.example' });
      expect(refusedAsCrossSite(response), `${route.method} ${route.url}`).toBe(false);
    }
  });
});
