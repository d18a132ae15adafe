import { hasAdminRole, insufficientRoleMessage, NOT_ADMIN_MESSAGE, ROUTE_ACCESS, type AdminRole, type RouteAccess } from '@parley/shared/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { getActiveAdmin } from '../features/admin-users/service';
import { endAllSessions, isProfileActive } from '../features/auth/service';
import type { Auth } from './better-auth';

export interface Identity {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  session: { id: string; token: string; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A long-lived event stream (the route-matrix test reads its status and hangs up). */
    stream?: boolean;
  }
  interface FastifyRequest {
    identity: Identity | null;
    /** The caller's active admin row, set on admin routes. */
    admin: { id: string; role: AdminRole } | null;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access (read by the route-matrix test). */
    routeTable: { method: string; url: string; access: RouteAccess; stream: boolean }[];
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

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.identity;
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

    app.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { access?: RouteAccess; stream?: boolean };
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
        app.routeTable.push({ method, url: route.url, access, stream: config.stream === true });
      }
    });

    app.decorate('resolveIdentity', async (request: FastifyRequest): Promise<Identity | null> => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      if (!headers.get('cookie')) return null;
      const found = await auth.api.getSession({ headers, query: { disableRefresh: false } });
      if (!found) return null;
      // Deactivation takes effect at once: the sessions go and the request is refused.
      if (!(await isProfileActive(app.db, found.user.id))) {
        await endAllSessions(app.db, found.user.id);
        return null;
      }
      return {
        user: { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified },
        session: { id: found.session.id, token: found.session.token, expiresAt: new Date(found.session.expiresAt) },
      };
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      // API-key routes authenticate the bearer key themselves and answer in OpenAI's error format.
      if (!access || access === 'public' || access === 'api_key') return;
      request.identity = await app.resolveIdentity(request);
      if (!request.identity) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      if (access === 'user') return;
      // Admin routes: an active admin_users row, and the role the route names.
      const admin = await getActiveAdmin(app.db, request.identity.user.id);
      if (!admin) throw new AppError('FORBIDDEN', NOT_ADMIN_MESSAGE);
      if (access !== 'admin' && !hasAdminRole(admin.role, access)) throw new AppError('FORBIDDEN', insufficientRoleMessage(access));
      request.admin = admin;
    });
  },
  { name: 'access', dependencies: ['database'] },
);
