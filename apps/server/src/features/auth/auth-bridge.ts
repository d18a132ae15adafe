import { RESET_PASSWORD_PATH, SIGN_IN_MAX_PER_EMAIL, SIGN_IN_MAX_PER_IP, SIGN_IN_WINDOW_SECONDS } from '@parley/shared/constants';
import {
  fullName,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@parley/shared/contracts/auth';
import { MESSAGES } from '@parley/shared/messages';
import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { createAccountAuthCalls } from '../account/index';
import { AUTH_EMAIL_FLOWS, limitAuthEmail } from './email-limits';
import { attributeNewSignUp } from '../referrals/index';
import { recordSecurityEvent, type SecurityEventInput } from '../../services/security-events';
import { clientInfo } from '../../lib/client-info';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Mailer } from '../../providers/email/mailer';
import type { Identity } from '../../plugins/access';
import { STATUS_TEXT } from '../../plugins/errors';
import { FRIENDLY_AUTH_ERRORS, type Auth } from '../../plugins/better-auth';

/** Paths that work without a session, or that end one: no deactivation check before them. */
const SESSIONLESS_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/verify-email',
  '/send-verification-email',
  '/sign-out',
  '/sign-in/social',
  '/request-password-reset',
  '/reset-password',
]);
/** GET /reset-password/<token>: the link of the reset e-mail, which Better Auth redirects to the reset page. */
const isSessionless = (path: string) => SESSIONLESS_PATHS.has(path) || path.startsWith('/reset-password/');

interface BridgeOptions {
  auth: Auth;
  rateLimiter: RateLimiter;
  mailer: Mailer;
}

function issueMessage(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

const emailOf = (body: unknown): string | null => {
  const value = (body as { email?: unknown } | null)?.email;
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : null;
};

/**
 * Mounts Better Auth on /api/auth/*: validates sign-up and sign-in bodies with the
 * shared contract, limits sign-in attempts, writes the security events, refuses
 * sessions of deactivated users, and turns Better Auth's errors into ours.
 */
export const authBridgePlugin = fp(
  async (app: FastifyInstance, { auth, rateLimiter, mailer }: BridgeOptions) => {
    const record = (request: FastifyRequest, event: Omit<SecurityEventInput, 'ipAddress' | 'userAgent'>) =>
      recordSecurityEvent(app.db, { ...event, ...clientInfo(request) }).catch((error: unknown) =>
        request.log.error({ err: error }, `could not record ${event.eventType}`),
      );

    const reject = (reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
      reply
        .status(status)
        .headers(headers)
        .send({ statusCode: status, code, error: STATUS_TEXT[status] ?? 'Error', message, requestId: request.id });

    const accountCalls = createAccountAuthCalls({ app, mailer, rateLimiter, record });

    async function limitSignIn(email: string, ip: string): Promise<number | null> {
      try {
        const [byEmail, byIp] = await Promise.all([
          rateLimiter.hit(`signin:email:${email}`, SIGN_IN_MAX_PER_EMAIL, SIGN_IN_WINDOW_SECONDS),
          rateLimiter.hit(`signin:ip:${ip}`, SIGN_IN_MAX_PER_IP, SIGN_IN_WINDOW_SECONDS),
        ]);
        if (byEmail.allowed && byIp.allowed) return null;
        return Math.max(byEmail.allowed ? 0 : byEmail.retryAfterSeconds, byIp.allowed ? 0 : byIp.retryAfterSeconds);
      } catch (error) {
        // The limiter's store is down: sign-in keeps working (fail open), and the log says so.
        app.log.warn({ err: error }, 'sign-in rate limiter unavailable');
        return null;
      }
    }

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { access: 'public' },
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = '/' + ((request.params as { '*': string })['*'] ?? '').split('?')[0];
        const isPost = request.method === 'POST';
        let body: unknown = request.body;
        const email = emailOf(body);
        let referralCode: string | undefined;

        if (isPost && path === '/sign-up/email') {
          const parsed = signUpBodySchema.safeParse(body);
          if (!parsed.success) {
            await record(request, { eventType: 'signup_failed', email, details: { reason: 'VALIDATION_ERROR' } });
            return reject(reply, request, 400, 'VALIDATION_ERROR', issueMessage(parsed.error));
          }
          // The referral code is ours (features/referrals), not Better Auth's: kept aside, attributed after the sign-up.
          const { referralCode: code, ...signUp } = parsed.data;
          referralCode = code;
          body = { ...signUp, name: fullName(parsed.data.firstName, parsed.data.lastName), email: parsed.data.email.toLowerCase() };
        }

        if (isPost && path === '/send-verification-email') {
          const parsed = sendVerificationEmailBodySchema.safeParse(body);
          if (!parsed.success) return reject(reply, request, 400, 'VALIDATION_ERROR', issueMessage(parsed.error));
          body = { ...parsed.data, email: parsed.data.email.toLowerCase() };
        }

        if (isPost && path === '/request-password-reset') {
          const parsed = requestPasswordResetBodySchema.safeParse(body);
          if (!parsed.success) return reject(reply, request, 400, 'VALIDATION_ERROR', issueMessage(parsed.error));
          body = { email: parsed.data.email.toLowerCase(), redirectTo: parsed.data.redirectTo ?? RESET_PASSWORD_PATH };
        }

        if (isPost && path === '/reset-password') {
          const parsed = resetPasswordBodySchema.safeParse(body);
          if (!parsed.success) return reject(reply, request, 400, 'VALIDATION_ERROR', issueMessage(parsed.error));
          body = parsed.data;
        }

        // Sign-up, confirmation resends and reset requests each send an e-mail: limited per address and per IP.
        const emailFlow = isPost ? AUTH_EMAIL_FLOWS[path] : undefined;
        if (emailFlow) {
          const target = emailOf(body) ?? '';
          const retryAfter = await limitAuthEmail(rateLimiter, request.log, { flow: emailFlow, email: target, ip: request.ip });
          if (retryAfter !== null) {
            await record(request, {
              eventType: emailFlow === 'sign-up' ? 'signup_failed' : emailFlow === 'password-reset' ? 'password_reset_failed' : 'auth_email_rate_limited',
              email: target,
              details: { reason: 'RATE_LIMITED', flow: emailFlow },
            });
            return reject(reply, request, 429, 'RATE_LIMITED', MESSAGES.tooManyEmails, { 'retry-after': String(retryAfter) });
          }
        }

        if (isPost && path === '/sign-in/email') {
          const parsed = signInBodySchema.safeParse(body);
          if (!parsed.success) {
            await record(request, { eventType: 'signin_failed', email, details: { reason: 'VALIDATION_ERROR' } });
            return reject(reply, request, 400, 'VALIDATION_ERROR', issueMessage(parsed.error));
          }
          body = { ...parsed.data, email: parsed.data.email.toLowerCase() };
          const retryAfter = await limitSignIn(parsed.data.email.toLowerCase(), request.ip);
          if (retryAfter !== null) {
            await record(request, { eventType: 'signin_failed', email, details: { reason: 'RATE_LIMITED' } });
            return reject(reply, request, 429, 'RATE_LIMITED', MESSAGES.tooManyAttempts, { 'retry-after': String(retryAfter) });
          }
        }

        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined || key === 'content-length' || key === 'x-parley-client-ip') continue;
          headers.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
        headers.set('x-parley-client-ip', request.ip);

        let identity: Identity | null = null;
        if (isPost && path === '/sign-out') {
          const current = await auth.api.getSession({ headers }).catch(() => null);
          await record(request, {
            eventType: 'signout_attempt',
            userId: current?.user.id ?? null,
            email: current?.user.email ?? null,
            details: { method: 'manual' },
          });
        } else if (!isSessionless(path) && headers.get('cookie') && !path.startsWith('/callback/')) {
          // A deactivated user's sessions are deleted here, so Better Auth then answers as signed out.
          identity = await app.resolveIdentity(request);
        }

        // Account settings calls: shared-contract bodies, limits, events and follow-ups (features/account).
        const plan = await accountCalls.prepare({ request, path, isPost, body, identity });
        if (plan.kind === 'reject') return reject(reply, request, plan.status, plan.code, plan.message, plan.headers);
        if (plan.kind === 'redirect') return reply.redirect(plan.location);
        if (plan.body !== undefined) body = plan.body;

        let webBody: string | undefined;
        if (isPost && body !== undefined) {
          webBody = JSON.stringify(body);
          headers.set('content-type', 'application/json');
        }
        const response = await auth.handler(new Request(new URL(request.url, app.config.publicUrl), { method: request.method, headers, body: webBody }));

        const location = response.headers.get('location') ?? '';
        await plan
          .after?.({ status: response.status, location })
          .catch((error: unknown) => request.log.error({ err: error, path }, 'account follow-up failed'));
        if (path === '/sign-up/email' && response.status >= 400) {
          await record(request, { eventType: 'signup_failed', email, details: { status: response.status } });
        } else if (path === '/sign-in/email' && response.status >= 400) {
          await record(request, { eventType: 'signin_failed', email, details: { status: response.status } });
        } else if (path === '/request-password-reset' && isPost) {
          // Whether the address has an account is not known here (nor said to the caller): the e-mail hook knows.
          await record(request, { eventType: 'password_reset_requested', email: emailOf(body), details: { status: response.status } });
        } else if ((path.startsWith('/callback/') && /[?&]error=/.test(location)) || (path === '/sign-in/social' && response.status >= 400)) {
          const reason = /[?&]error=([^&]*)/.exec(location)?.[1];
          await record(request, {
            eventType: 'oauth_signin_failed',
            details: { status: response.status, error: reason ? decodeURIComponent(reason) : undefined },
          });
        }

        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);

        const text = await response.text();
        if (path === '/sign-up/email' && response.status < 400 && referralCode) {
          await attributeNewSignUp(app.db, { code: referralCode, responseBody: text }).catch((error: unknown) =>
            request.log.error({ err: error }, 'could not attribute the referral'),
          );
        }
        if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
          let parsed: { code?: string; message?: string } = {};
          try {
            parsed = JSON.parse(text) as typeof parsed;
          } catch {
            /* keep the default below */
          }
          const code = parsed.code ?? 'AUTH_ERROR';
          // A refused reset link (invalid, used or expired; deactivated accounts are recorded by the hook that refuses them).
          if (path === '/reset-password' && code !== 'ACCOUNT_DEACTIVATED') {
            await record(request, { eventType: 'password_reset_failed', details: { status: response.status, code } });
          }
          return reply.send({
            statusCode: response.status,
            code,
            error: STATUS_TEXT[response.status] ?? 'Error',
            message: FRIENDLY_AUTH_ERRORS[code] ?? sanitizeErrorMessage(parsed.message),
            requestId: request.id,
          });
        }
        return reply.send(text);
      },
    });
  },
  { name: 'auth-bridge', dependencies: ['database', 'access'] },
);
