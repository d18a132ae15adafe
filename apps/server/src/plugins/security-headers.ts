import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * The headers helmet sets for `options`, worked out once. They depend only on configuration (no nonces), so every
 * response gets the same set; @fastify/helmet rebuilt helmet's middleware on every request, a few percent of the
 * server's time under load.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's headers on every response, and a Content-Security-Policy that sends violations to our report endpoint.
 * A route that needs another policy (the API docs page, an avatar) sets its own header, which replaces this one.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const oidcOrigin = app.config.oidc ? new URL(app.config.oidc.issuer).origin : undefined;
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix UI positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // https: for avatars from an OAuth provider.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'", ...(oidcOrigin ? [oidcOrigin] : [])],
          reportUri: [CSP_REPORT_PATH],
          ...(app.config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Cross-origin isolation would break the OAuth pop-back and the embeddable widget.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.publicUrl.startsWith('https://'),
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
