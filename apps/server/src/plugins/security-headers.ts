import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Helmet's headers on every response, and a Content-Security-Policy that sends
 * violations to our report endpoint. The API docs page sets its own, wider policy.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const oidcOrigin = app.config.oidc ? new URL(app.config.oidc.issuer).origin : undefined;
    await app.register(helmet, {
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
      hsts: app.config.publicUrl.startsWith('https://'),
    });
  },
  { name: 'security-headers' },
);
