import {
  hasAdminRole,
  hasOrganizationRole,
  insufficientOrganizationRoleMessage,
  insufficientRoleMessage,
  NO_ORGANIZATION_MESSAGE,
  NOT_ADMIN_MESSAGE,
  NOT_ORGANIZATION_MEMBER_MESSAGE,
  ORGANIZATION_COOKIE,
  ORGANIZATION_HEADER,
  ORGANIZATION_PERMISSIONS,
  permissionRole,
  ROUTE_ACCESS,
  type AdminRole,
  type OrganizationPermission,
  type OrganizationRole,
  type RouteAccess,
} from '@parley/shared/access';
import { UUID_PATTERN } from '@parley/shared/constants';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { organizationMembers } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { getActiveAdmin } from '../services/identity';
import { endAllSessions, isProfileActive } from '../services/identity';
import { readSession, type SessionIdentity, type SessionSettings } from '../services/session-read';
import type { Auth } from './better-auth';
import { clientInfo } from '../lib/client-info';

export interface Membership {
  organizationId: string;
  role: OrganizationRole;
}

/** The caller of a signed-in route as the audit trail records them (services/activity-log.ts). */
export interface Actor {
  userId: string;
  ipAddress: string;
  userAgent: string | null;
}

export interface Identity {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  session: { id: string; token: string; expiresAt: Date };
}

export interface RouteSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Customer routes acting in an organization: the capability they need there, from the shared table
     * ORGANIZATION_PERMISSIONS (whose role the caller must hold). The guard resolves the organization
     * (x-organization-id header, parley_org cookie, else the oldest membership) and sets request.membership.
     */
    permission?: OrganizationPermission;
    /** A long-lived event stream (the route-matrix test reads its status and hangs up). */
    stream?: boolean;
  }
  interface FastifyRequest {
    identity: Identity | null;
    /** The caller's active admin row, set on admin routes. */
    admin: { id: string; role: AdminRole } | null;
    /** The organization the request acts in and the caller's role there, set on routes that declare a permission. */
    membership: Membership | null;
    /**
     * Who is acting and from where, for the audit trail: the signed-in caller the guard found, with the client's
     * address and user agent. Read on a route the guard let through; on a public route it is a 401.
     */
    readonly actor: Actor;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access (read by the route-matrix test). */
    /** Every route with who may call it and its request schemas (zod: body, querystring, params), for the tests. */
    routeTable: {
      method: string;
      url: string;
      access: RouteAccess;
      stream: boolean;
      /** The capability an organization route declares, and the least role it needs (from ORGANIZATION_PERMISSIONS). */
      permission: OrganizationPermission | null;
      orgRole: OrganizationRole | null;
      schema: RouteSchemas;
    }[];
    resolveIdentity(request: FastifyRequest): Promise<Identity | null>;
  }
}

/** Routes that plugins register for themselves (API docs), declared here since we do not write them. */
const PLUGIN_ROUTE_PREFIXES: { prefix: string; access: RouteAccess }[] = [{ prefix: '/api/docs', access: 'public' }];

export function requireAdmin(request: FastifyRequest): { identity: Identity; admin: { id: string; role: AdminRole } } {
  if (!request.identity) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  if (!request.admin) throw new AppError('FORBIDDEN', NOT_ADMIN_MESSAGE);
  return { identity: request.identity, admin: request.admin };
}

/** The organization a customer route acts in (the route must declare a `permission`). */
export function requireMembership(request: FastifyRequest): Membership {
  if (!request.membership) throw new Error(`Route ${request.routeOptions.url} reads the organization but declares no permission`);
  return request.membership;
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.identity;
}

function requestedOrganization(request: FastifyRequest): string | null {
  const header = request.headers[ORGANIZATION_HEADER];
  if (typeof header === 'string' && header) return header;
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ORGANIZATION_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(ORGANIZATION_COOKIE.length + 1)) : null;
}

/** The organization the caller acts in: the one they name (if they belong to it), else their oldest membership. */
async function resolveMembership(app: FastifyInstance, request: FastifyRequest, userId: string, required: OrganizationRole): Promise<Membership> {
  const requested = requestedOrganization(request);
  const rows = await app.db
    .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt));
  if (rows.length === 0) throw new AppError('FORBIDDEN', NO_ORGANIZATION_MESSAGE);
  const membership = requested && UUID_PATTERN.test(requested) ? rows.find((r) => r.organizationId === requested) : requested ? undefined : rows[0];
  if (!membership) throw new AppError('FORBIDDEN', NOT_ORGANIZATION_MEMBER_MESSAGE);
  if (!hasOrganizationRole(membership.role, required)) throw new AppError('FORBIDDEN', insufficientOrganizationRoleMessage(required));
  return membership;
}

/**
 * The server-side guard. A route without an access declaration fails at start-up;
 * a non-public route gets 401 without a live session of an active user.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: { auth: Auth }) => {
    const { auth } = options;
    app.decorate('routeTable', []);
    app.decorateRequest('identity', null);
    app.decorateRequest('admin', null);
    app.decorateRequest('membership', null);
    app.decorateRequest('actor', {
      getter(this: FastifyRequest): Actor {
        if (!this.identity) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
        return { userId: this.identity.user.id, ...clientInfo(this) };
      },
    });

    app.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { access?: RouteAccess; stream?: boolean; permission?: OrganizationPermission; orgRole?: unknown };
      if (config.orgRole !== undefined)
        throw new Error(`Route ${String(route.method)} ${route.url} declares orgRole: declare config.permission, a capability of ORGANIZATION_PERMISSIONS`);
      if (config.permission !== undefined && !Object.hasOwn(ORGANIZATION_PERMISSIONS, config.permission))
        throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown permission "${String(config.permission)}"`);
      if (config.permission && config.access !== 'user')
        throw new Error(`Route ${String(route.method)} ${route.url} declares a permission without access 'user'`);
      if (!config.access) {
        const declared = PLUGIN_ROUTE_PREFIXES.find((p) => route.url.startsWith(p.prefix));
        if (!declared) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
        route.config = { ...config, access: declared.access };
      } else if (!ROUTE_ACCESS.includes(config.access)) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown access "${config.access}"`);
      }
      const access = (route.config as { access: RouteAccess }).access;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method === 'HEAD' && route.url !== '/api/health') continue;
        const { body, querystring, params } = (route.schema ?? {}) as RouteSchemas;
        app.routeTable.push({
          method,
          url: route.url,
          access,
          stream: config.stream === true,
          permission: config.permission ?? null,
          orgRole: config.permission ? permissionRole(config.permission) : null,
          schema: { body, querystring, params },
        });
      }
    });

    let settings: Promise<SessionSettings> | undefined;
    const sessionSettings = () =>
      (settings ??= auth.$context.then((context) => ({
        cookieName: context.authCookies.sessionToken.name,
        secret: context.secret,
        expiresIn: context.sessionConfig.expiresIn,
        updateAge: context.sessionConfig.updateAge,
      })));

    /** The caller's identity and, when the one-query read found it, their active admin row (undefined: not read). */
    const readIdentity = async (request: FastifyRequest): Promise<{ identity: Identity | null; admin?: SessionIdentity['admin'] }> => {
      const cookie = request.headers.cookie;
      if (!cookie) return { identity: null };
      const read = await readSession(app.db, await sessionSettings(), cookie);
      if (read.kind === 'none') return { identity: null };
      if (read.kind === 'found') {
        const { user, session, active, admin } = read.identity;
        // Deactivation takes effect at once: the sessions go and the request is refused.
        if (!active) {
          await endAllSessions(app.db, user.id);
          return { identity: null };
        }
        return { identity: { user, session }, admin };
      }
      // Expired or due for renewal: Better Auth's own getSession deletes or renews it.
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const found = await auth.api.getSession({ headers, query: { disableRefresh: false } });
      if (!found) return { identity: null };
      if (!(await isProfileActive(app.db, found.user.id))) {
        await endAllSessions(app.db, found.user.id);
        return { identity: null };
      }
      return {
        identity: {
          user: { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified },
          session: { id: found.session.id, token: found.session.token, expiresAt: new Date(found.session.expiresAt) },
        },
      };
    };

    app.decorate('resolveIdentity', async (request: FastifyRequest) => (await readIdentity(request)).identity);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      // API-key routes authenticate the bearer key themselves and answer in OpenAI's error format.
      if (!access || access === 'public' || access === 'api_key') return;
      const { identity, admin: adminRead } = await readIdentity(request);
      request.identity = identity;
      if (!identity) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      if (access === 'user') {
        const permission = request.routeOptions.config?.permission;
        if (permission) request.membership = await resolveMembership(app, request, identity.user.id, permissionRole(permission));
        return;
      }
      // Admin routes: an active admin_users row, and the role the route names.
      const admin = adminRead === undefined ? await getActiveAdmin(app.db, identity.user.id) : adminRead;
      if (!admin) throw new AppError('FORBIDDEN', NOT_ADMIN_MESSAGE);
      if (access !== 'admin' && !hasAdminRole(admin.role, access)) throw new AppError('FORBIDDEN', insufficientRoleMessage(access));
      request.admin = admin;
    });
  },
  { name: 'access', dependencies: ['database'] },
);
