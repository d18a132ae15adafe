import { CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE, OAUTH_PROVIDER_ID, SESSION_IDLE_DURATION_MINUTES } from '@parley/shared/constants';
import {
  authConfigResponseSchema,
  clientSecurityEventBodySchema,
  meResponseSchema,
  okResponseSchema,
  sessionTimeoutBodySchema,
} from '@parley/shared/contracts/auth';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { clientInfo } from '../../lib/client-info';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from '../../plugins/better-auth';
import { requireIdentity } from '../../plugins/access';
import { recordSecurityEvent } from '../../services/security-events';
import { ensureProfile } from '../../services/identity';
import { getMe } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth; rateLimiter: RateLimiter }> = async (app, { auth, rateLimiter }) => {
  app.get(
    '/api/auth-config',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Sign-in methods this server offers', response: { 200: authConfigResponseSchema } },
    },
    async () => ({
      emailPassword: true as const,
      emailVerificationRequired: app.config.emailVerificationRequired,
      oauth: { enabled: Boolean(app.config.oidc), providerId: OAUTH_PROVIDER_ID, name: app.config.oidc?.name ?? '' },
    }),
  );

  app.get(
    '/api/me',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The signed-in user, profile and organizations', response: { 200: meResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => {
      const { user, session } = requireIdentity(request);
      let me = await getMe(app.db, user.id);
      if (!me.profile) {
        await ensureProfile(app.db, { id: user.id, email: user.email, fullName: user.name, firstName: null, lastName: null, avatarUrl: null });
        me = await getMe(app.db, user.id);
      }
      const profile = me.profile!;
      return {
        user: {
          id: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
          fullName: profile.fullName,
          firstName: profile.firstName,
          lastName: profile.lastName,
          avatarUrl: profile.avatarUrl,
          isActive: profile.isActive,
          createdAt: profile.createdAt.toISOString(),
        },
        session: { id: session.id, expiresAt: session.expiresAt.toISOString() },
        organizations: me.organizations,
      };
    },
  );

  app.post(
    '/api/session/timeout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out after inactivity; records session_timeout',
        body: sessionTimeoutBodySchema.optional(),
        response: { 200: okResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireIdentity(request);
      await recordSecurityEvent(app.db, {
        eventType: 'session_timeout',
        userId: user.id,
        email: user.email,
        ...clientInfo(request),
        details: { reason: 'idle_timeout', idle_duration_minutes: request.body?.idleDurationMinutes ?? SESSION_IDLE_DURATION_MINUTES },
      });
      const headers = new Headers({ cookie: request.headers.cookie ?? '' });
      const signedOut = await auth.api.signOut({ headers, asResponse: true });
      const cookies = signedOut.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/security-events/client',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Report a session problem the browser observed',
        body: clientSecurityEventBodySchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const limit = await rateLimiter.hit(`client-events:${request.ip}`, CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE, 60).catch(() => null);
      if (limit && !limit.allowed)
        throw new AppError('RATE_LIMITED', 'Too many reports. Please wait and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
      const identity = await app.resolveIdentity(request);
      await recordSecurityEvent(app.db, {
        eventType: request.body.eventType,
        userId: identity?.user.id ?? null,
        email: identity?.user.email ?? null,
        ...clientInfo(request),
        details: { source: 'client', message: request.body.message },
      });
      return { ok: true as const };
    },
  );
};
