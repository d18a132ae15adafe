import type { RouteAccess } from '@parley/shared/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Methods that only read: a cross-site GET cannot change anything (and links to the app must keep working). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused: only pages of this application can make changes here.';

/** The origin a browser says a request came from: Origin, else the Referer's origin; null when it says nothing. */
function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') {
    try {
      return new URL(referer).origin;
    } catch {
      return 'null';
    }
  }
  return null;
}

/**
 * Whether a state-changing request could have been forged by another site's page. The session cookie is
 * SameSite=Lax, which a page on a sibling subdomain or another port of the same host does not stop (they are the same
 * site), and a form or a no-cors fetch needs no preflight: so the request's own word on where it comes from decides.
 * Browsers send Origin on every state-changing request (or at least Sec-Fetch-Site, or a Referer); a request with none
 * of them is not from a browser page (curl, a server), which holds no victim's cookie to abuse.
 */
export function isCrossSite(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const origin = claimedOrigin(request);
  if (origin !== null) return !trustedOrigins.has(origin);
  const fetchSite = request.headers['sec-fetch-site'];
  return typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none';
}

/** Routes whose caller is known by the session cookie; API-key and public (widget) routes keep their own rules. */
const COOKIE_ACCESS = (access: RouteAccess | undefined) => access !== undefined && access !== 'public' && access !== 'api_key';

/**
 * Cross-site request forgery: every state-changing request to a cookie-authenticated route, whatever its method and
 * content type (JSON, multipart uploads, forms), must come from the application's own origin or a trusted one
 * (TRUSTED_ORIGINS) — the rule Better Auth applies to its own routes. Refused with a 403 before the session is read.
 */
export const sameOriginPlugin = fp(
  async (app: FastifyInstance) => {
    const trusted = new Set(app.config.trustedOrigins);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!COOKIE_ACCESS(request.routeOptions.config?.access)) return;
      if (isCrossSite(request, trusted)) throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    });
  },
  { name: 'same-origin' },
);
