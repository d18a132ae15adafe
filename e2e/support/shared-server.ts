import { request, type APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD, uniqueEmail } from './accounts';
import { nextClientIp } from './clients';
import { confirmationLink, startServer, type RunningServer } from './server';

/**
 * How the shared server differs from a default one.
 * - TRUSTED_PROXY: it believes loopback's X-Forwarded-For, so each test is a client of its own (support/clients.ts).
 * - ALLOW_PRIVATE_FETCH: tests point it at stand-ins on this machine (a web page to train on, n8n, webhook
 *   receivers). No browser test expects a private address to be refused; the server's own tests cover that.
 */
export const SHARED_SERVER_ENV: Readonly<Record<string, string>> = { TRUSTED_PROXY: '127.0.0.1', ALLOW_PRIVATE_FETCH: 'true' };

export interface SharedServer extends RunningServer {
  /**
   * The installation's first system admin, bootstrapped when the server started, as an API session: it makes the
   * tests' admins and undoes installation-wide changes after a test, when the test's own pages are closed.
   */
  readonly rootAdmin: APIRequestContext;
  /** Makes the user with this address a system admin, as Admin Users does (POST /api/admin/admin-users); returns the admin record's id. */
  makeAdmin(email: string): Promise<string>;
  /** Takes the admin record away again (DELETE /api/admin/admin-users/:id). */
  removeAdmin(id: string): Promise<void>;
}

/** Signs the first admin up, in through the confirmation link, and bootstraps it: the one use of the bootstrap on this server. */
async function bootstrapRootAdmin(server: RunningServer): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url, 'x-forwarded-for': nextClientIp() } });
  try {
    const email = uniqueEmail('root', 'admin');
    const signUp = await api.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, firstName: 'Root', lastName: 'Admin', callbackURL: '/auth/callback?type=email' },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    expect((await api.get(await confirmationLink(server, email))).ok()).toBe(true);
    const bootstrap = await api.post('/api/admin/bootstrap', { data: {} });
    expect(bootstrap.status(), await bootstrap.text()).toBe(200);
    return api;
  } catch (error) {
    await api.dispose();
    throw error;
  }
}

/** Starts the server most browser tests share (support/fixtures.ts), with its first admin. */
export async function startSharedServer(): Promise<SharedServer> {
  const server = await startServer({ ...SHARED_SERVER_ENV });
  let rootAdmin: APIRequestContext;
  try {
    rootAdmin = await bootstrapRootAdmin(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    ...server,
    rootAdmin,
    async makeAdmin(email) {
      const found = await rootAdmin.get('/api/admin/profiles/search', { params: { email } });
      const profile = ((await found.json()) as { items: { id: string; email: string }[] }).items.find((item) => item.email === email);
      expect(profile, `no user ${email}`).toBeDefined();
      const created = await rootAdmin.post('/api/admin/admin-users', { data: { userId: profile!.id, role: 'system_admin' } });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { id: string }).id;
    },
    async removeAdmin(id) {
      const removed = await rootAdmin.delete(`/api/admin/admin-users/${id}`);
      expect(removed.status(), await removed.text()).toBe(200);
    },
    async stop() {
      await rootAdmin.dispose();
      await server.stop();
    },
  };
}

/**
 * Deletes what a test added to an installation-wide list, through the first admin: GET `path` lists `{ items }`,
 * DELETE `path/:id` removes one. For the undo a test registers (`onTestFinished`, `afterAll`) when it adds to a list
 * that later tests read, such as the token packages every pricing page shows.
 */
export async function deleteWhere(server: SharedServer, path: string, matches: (item: Record<string, unknown>) => boolean): Promise<void> {
  const listed = await server.rootAdmin.get(path);
  expect(listed.status(), await listed.text()).toBe(200);
  for (const item of ((await listed.json()) as { items: Record<string, unknown>[] }).items.filter(matches)) {
    const deleted = await server.rootAdmin.delete(`${path}/${String(item.id)}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
}
