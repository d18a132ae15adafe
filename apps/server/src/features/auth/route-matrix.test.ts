import {
  hasAdminRole,
  hasOrganizationRole,
  insufficientOrganizationRoleMessage,
  insufficientRoleMessage,
  NOT_ADMIN_MESSAGE,
  NOT_ORGANIZATION_MEMBER_MESSAGE,
  ORGANIZATION_HEADER,
  ORGANIZATION_PERMISSIONS,
  type AdminRole,
  type OrganizationRole,
  type RouteAccess,
} from '@parley/shared/access';
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { adminUsers, organizationMembers, profiles } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, testConfig, type TestContext } from '../../test/harness';
import { createTeam } from '../../test/teams';

const IDENTITIES = ['anonymous', 'customer', 'deactivated', 'support', 'developer', 'system_admin', 'inactive_admin'] as const;
type Identity = (typeof IDENTITIES)[number];
type Outcome = 'allowed' | 'unauthenticated' | 'forbidden';

/** The table every route must follow: who gets in, who gets 401, who gets 403. */
function expected(access: RouteAccess, identity: Identity): Outcome {
  if (access === 'public') return 'allowed';
  // A session cookie is not an API key: every identity here is refused.
  if (access === 'api_key') return 'unauthenticated';
  if (identity === 'anonymous' || identity === 'deactivated') return 'unauthenticated';
  if (access === 'user') return 'allowed';
  const role: AdminRole | null = identity === 'support' || identity === 'developer' || identity === 'system_admin' ? identity : null;
  if (!role) return 'forbidden';
  return access === 'admin' || hasAdminRole(role, access) ? 'allowed' : 'forbidden';
}

function outcomeOf(status: number, message: string): Outcome {
  if (status === 401) return 'unauthenticated';
  if (status === 403 && (message === NOT_ADMIN_MESSAGE || /^You need \w+ role to access this feature\.$/.test(message))) return 'forbidden';
  return 'allowed';
}

/** A concrete URL for a route pattern. */
function sampleUrl(url: string): string {
  if (url === '/api/auth/*') return '/api/auth/get-session';
  if (url === '/*') return '/dashboard';
  return url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
}

/** Routes after which the caller's session is gone. */
const ENDS_SESSION = new Set(['/api/session/timeout', '/api/auth/*']);

/** Inside an organization: its owner, an admin, a member, and someone of another organization naming it. */
const ORGANIZATION_IDENTITIES = ['owner', 'admin', 'member', 'outsider'] as const;
type OrganizationIdentity = (typeof ORGANIZATION_IDENTITIES)[number];
type OrganizationOutcome = 'allowed' | 'not_member' | 'role_too_low';

/** The outcome the shared table (ORGANIZATION_PERMISSIONS) gives a capability for each identity. */
function expectedInOrganization(required: OrganizationRole, identity: OrganizationIdentity): OrganizationOutcome {
  if (identity === 'outsider') return 'not_member';
  return hasOrganizationRole(identity, required) ? 'allowed' : 'role_too_low';
}

function organizationOutcomeOf(status: number, message: string, required: OrganizationRole): OrganizationOutcome | 'other' {
  if (status === 401) return 'other';
  if (status === 403 && message === NOT_ORGANIZATION_MEMBER_MESSAGE) return 'not_member';
  if (status === 403 && message === insufficientOrganizationRoleMessage(required)) return 'role_too_low';
  return 'allowed';
}

/** Routes after which the caller is no longer in the organization (leaving it). */
const ENDS_MEMBERSHIP = new Set(['/api/organizations/current/leave']);

/**
 * Signed-in routes that act on the caller alone, not inside an organization (their account, their list of
 * organizations, an invitation addressed to them, a checkout they opened). Every other signed-in route must declare
 * a capability of the shared table: a new one that declares none fails here.
 */
const NOT_ORGANIZATION_ROUTES = new Set([
  'GET /api/me',
  'POST /api/session/timeout',
  'GET /api/account/profile',
  'PATCH /api/account/profile',
  'POST /api/account/avatar',
  'DELETE /api/account/avatar',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/:sessionId',
  'POST /api/account/sessions/revoke-others',
  'GET /api/account/connected-accounts',
  'DELETE /api/account/connected-accounts/:accountId',
  'GET /api/account/notification-preferences',
  'PATCH /api/account/notification-preferences',
  'GET /api/account/deletion',
  'POST /api/account/deletion',
  'GET /api/notifications',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'GET /api/organizations',
  'POST /api/organizations',
  'POST /api/invitations/accept',
  'GET /api/referrals/me',
  'POST /api/referrals/claim',
  'GET /api/chatbot-templates/active',
  'GET /api/behavior-templates/active',
  'GET /api/admin/me',
  'POST /api/admin/bootstrap',
  'POST /api/admin/debug/test-admin',
  'GET /api/billing/sandbox/checkout/:checkoutId',
  'POST /api/billing/sandbox/checkout/:checkoutId/pay',
  'POST /api/billing/sandbox/checkout/:checkoutId/start-trial',
  'POST /api/billing/sandbox/checkout/:checkoutId/confirm',
]);

/**
 * What a member may change: nothing but these (the table's member capabilities that write). A route that lets
 * members change something else must be added here on purpose.
 */
const MEMBER_WRITES = new Set([
  'POST /api/organizations/current/leave',
  'POST /api/chatbots/:id/test-chat',
  'POST /api/handoffs/:id/read',
  'POST /api/handoffs/:id/messages',
  'POST /api/handoffs/:id/close',
  'POST /api/analytics/exports',
  'DELETE /api/analytics/exports/:id',
]);

describeEachDatabase('route matrix: every route declares who may call it, and the server enforces it', (ctx) => {
  async function makeIdentity(c: TestContext, identity: Identity): Promise<string | undefined> {
    if (identity === 'anonymous') return undefined;
    const user = await createSignedInUser(c);
    const { db } = c.database;
    if (identity === 'deactivated') await db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user.userId));
    if (identity === 'support' || identity === 'developer' || identity === 'system_admin')
      await db.insert(adminUsers).values({ userId: user.userId, role: identity, isActive: true });
    if (identity === 'inactive_admin') await db.insert(adminUsers).values({ userId: user.userId, role: 'system_admin', isActive: false });
    return user.cookie;
  }

  it('refuses to start with a route that declares no access', async () => {
    const app = await buildApp(testConfig(), { database: ctx().database, logger: false });
    expect(() => (app as FastifyInstance).get('/api/undeclared', async () => 'x')).toThrow(/does not declare who may call it/);
    await app.close();
  });

  it('answers every route as the table says, for every identity, and never with a 500', async () => {
    const c = ctx();
    expect(c.app.routeTable.length).toBeGreaterThan(20);
    const cookies = new Map<Identity, string | undefined>();
    for (const identity of IDENTITIES) cookies.set(identity, await makeIdentity(c, identity));
    let checked = 0;
    // Event streams stay open: they are called over a real connection, their status read, and hung up.
    let baseUrl: string | null = null;
    const callStream = async (url: string, cookie: string | undefined) => {
      baseUrl ??= await c.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}${url}`, {
        headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' },
        signal: controller.signal,
      });
      const body = response.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await response.text();
      controller.abort();
      return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
    };
    for (const route of c.app.routeTable) {
      for (const identity of IDENTITIES) {
        const cookie = cookies.get(identity);
        const response = route.stream
          ? await callStream(sampleUrl(route.url), cookie)
          : await c.app.inject({
              method: route.method as 'GET',
              url: sampleUrl(route.url),
              headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' },
              ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
            });
        const label = `${route.method} ${route.url} (${route.access}) as ${identity} → ${response.statusCode} ${response.body.slice(0, 120)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (route.url !== '/api/auth/*') {
          const message = response.body.startsWith('{') ? String((response.json() as { message?: string }).message ?? '') : '';
          expect(outcomeOf(response.statusCode, message), label).toBe(expected(route.access, identity));
          if (route.stream && expected(route.access, identity) === 'allowed' && route.access !== 'public') expect(response.statusCode, label).toBe(200);
        }
        checked += 1;
        if (ENDS_SESSION.has(route.url) && identity !== 'anonymous' && identity !== 'deactivated') cookies.set(identity, await makeIdentity(c, identity));
      }
    }
    expect(checked).toBe(c.app.routeTable.length * IDENTITIES.length);
  }, 180_000);

  it('every signed-in route that acts in an organization declares a capability of the shared table, and members write only where it says', () => {
    const c = ctx();
    const undeclared = c.app.routeTable
      .filter((route) => route.access === 'user' && route.permission === null)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !NOT_ORGANIZATION_ROUTES.has(route));
    expect(undeclared, 'signed-in routes with neither a permission nor a place in NOT_ORGANIZATION_ROUTES').toEqual([]);
    for (const route of c.app.routeTable) {
      if (route.permission === null) continue;
      expect(route.orgRole, `${route.method} ${route.url}`).toBe(ORGANIZATION_PERMISSIONS[route.permission].role);
      if (route.method !== 'GET' && route.orgRole === 'member')
        expect(MEMBER_WRITES, `${route.method} ${route.url} (${route.permission})`).toContain(`${route.method} ${route.url}`);
    }
  });

  it('answers every organization route as the shared table says for its capability, for the owner, an admin, a member and an outsider naming the organization', async () => {
    const c = ctx();
    const team = await createTeam(c, 'Matrix Org');
    const outsider = await createSignedInUser(c);
    const people: Record<OrganizationIdentity, { cookie: string; userId: string }> = { ...team, outsider };
    const organizationRoutes = c.app.routeTable.filter((route) => route.permission !== null);
    expect(organizationRoutes.length).toBeGreaterThanOrEqual(80);
    let baseUrl: string | null = null;
    let checked = 0;
    const seen = new Map<OrganizationRole, Set<OrganizationOutcome>>();
    for (const route of organizationRoutes) {
      // The role comes from the shared table, by the capability the route declares.
      const required = ORGANIZATION_PERMISSIONS[route.permission!].role;
      for (const identity of ORGANIZATION_IDENTITIES) {
        const headers = { cookie: people[identity].cookie, [ORGANIZATION_HEADER]: team.organizationId, origin: 'http://localhost:3000' };
        let status: number;
        let body: string;
        if (route.stream) {
          // The first test may have started listening already.
          const address = c.app.server.listening ? (c.app.server.address() as AddressInfo) : null;
          baseUrl ??= address ? `http://127.0.0.1:${address.port}` : await c.app.listen({ port: 0, host: '127.0.0.1' });
          const controller = new AbortController();
          const response = await fetch(`${baseUrl}${sampleUrl(route.url)}`, { headers, signal: controller.signal });
          status = response.status;
          body = response.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await response.text();
          controller.abort();
        } else {
          const response = await c.app.inject({
            method: route.method as 'GET',
            url: sampleUrl(route.url),
            headers,
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          status = response.statusCode;
          body = response.body;
        }
        const label = `${route.method} ${route.url} (${route.permission}: ${required}) as ${identity} → ${status} ${body.slice(0, 120)}`;
        expect(status, label).toBeLessThan(500);
        const message = body.startsWith('{') ? String((JSON.parse(body) as { message?: string }).message ?? '') : '';
        const outcome = organizationOutcomeOf(status, message, required);
        expect(outcome, label).toBe(expectedInOrganization(required, identity));
        if (outcome !== 'other') seen.set(required, (seen.get(required) ?? new Set()).add(outcome));
        if (route.stream && identity !== 'outsider' && expectedInOrganization(required, identity) === 'allowed') expect(status, label).toBe(200);
        checked += 1;
        if (ENDS_MEMBERSHIP.has(route.url) && (identity === 'admin' || identity === 'member') && status < 300) {
          const person = people[identity];
          const [still] = await c.database.db
            .select()
            .from(organizationMembers)
            .where(and(eq(organizationMembers.organizationId, team.organizationId), eq(organizationMembers.userId, person.userId)));
          if (!still) await c.database.db.insert(organizationMembers).values({ organizationId: team.organizationId, userId: person.userId, role: identity });
        }
      }
    }
    expect(checked).toBe(organizationRoutes.length * ORGANIZATION_IDENTITIES.length);
    // Each level of the table was exercised both ways: some identity let in, some refused for its role (but members).
    expect([...(seen.get('admin') ?? [])].sort()).toEqual(['allowed', 'not_member', 'role_too_low']);
    expect([...(seen.get('owner') ?? [])].sort()).toEqual(['allowed', 'not_member', 'role_too_low']);
    expect([...(seen.get('member') ?? [])].sort()).toEqual(['allowed', 'not_member']);
  }, 240_000);

  it('names the missing role in the 403', async () => {
    const c = ctx();
    const cookie = await makeIdentity(c, 'support');
    const response = await c.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: cookie! } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(insufficientRoleMessage('system_admin'));
  });
});
