import { EMAIL_CHANGES_PER_HOUR, PASSWORD_CHANGE_WINDOW_SECONDS, PASSWORD_CHANGES_PER_WINDOW } from '@parley/shared/constants';
import { changeEmailBodySchema, changePasswordBodySchema, updateProfileBodySchema } from '@parley/shared/contracts/account';
import { fullName } from '@parley/shared/contracts/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { profiles } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Identity } from '../../plugins/access';
import type { Mailer } from '../../providers/email/mailer';
import type { SecurityEventInput } from '../../services/security-events';
import { completeEmailChange, isEmailTakenByOther, peekEmailChangeToken } from './email-change';
import { passwordChangedNotice } from '../../providers/email/account-emails';

type RecordEvent = (request: FastifyRequest, event: Omit<SecurityEventInput, 'ipAddress' | 'userAgent'>) => Promise<void>;

export interface AccountCallInput {
  request: FastifyRequest;
  path: string;
  isPost: boolean;
  body: unknown;
  identity: Identity | null;
}

export type AccountCallPlan =
  | { kind: 'reject'; status: number; code: string; message: string; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string }
  | { kind: 'proceed'; body?: unknown; after?: (response: { status: number; location: string }) => Promise<void> };

const PROCEED: AccountCallPlan = { kind: 'proceed' };

const issueMessage = (error: z.ZodError) => error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/** Better Auth's "revoke" and "unlink" routes, and the event each success writes. */
const EVENT_ON_SUCCESS: Record<string, SecurityEventInput['eventType']> = {
  '/revoke-session': 'session_revoked',
  '/revoke-sessions': 'all_sessions_revoked',
  '/revoke-other-sessions': 'other_sessions_revoked',
  '/unlink-account': 'account_unlinked',
};

/**
 * The account-settings calls of Better Auth as the bridge runs them: bodies checked with the
 * shared contracts, attempts limited, other sessions always ended on a password change, security
 * events written, and the follow-ups Better Auth does not do (profile kept in step, notices).
 */
export function createAccountAuthCalls(deps: { app: FastifyInstance; mailer: Mailer; rateLimiter: RateLimiter; record: RecordEvent }) {
  const { app, mailer, rateLimiter, record } = deps;

  async function limited(key: string, max: number, windowSeconds: number, message: string): Promise<AccountCallPlan | null> {
    try {
      const hit = await rateLimiter.hit(key, max, windowSeconds);
      if (hit.allowed) return null;
      return { kind: 'reject', status: 429, code: 'RATE_LIMITED', message, headers: { 'retry-after': String(hit.retryAfterSeconds) } };
    } catch (error) {
      app.log.warn({ err: error }, 'account rate limiter unavailable');
      return null;
    }
  }

  async function prepare({ request, path, isPost, body, identity }: AccountCallInput): Promise<AccountCallPlan> {
    if (!isPost && path === '/verify-email') return prepareVerifyEmail(request);
    if (!isPost) return PROCEED;
    const eventType = EVENT_ON_SUCCESS[path];
    if (eventType) {
      return {
        kind: 'proceed',
        after: async ({ status }) => {
          if (status < 400 && identity) await record(request, { eventType, userId: identity.user.id, email: identity.user.email, details: { via: 'auth' } });
        },
      };
    }
    // Without a session Better Auth answers 401 itself.
    if (!identity) return PROCEED;
    const user = identity.user;

    if (path === '/change-password') {
      const parsed = changePasswordBodySchema.safeParse(body);
      if (!parsed.success) return { kind: 'reject', status: 400, code: 'VALIDATION_ERROR', message: issueMessage(parsed.error) };
      const refused = await limited(
        `password-change:${user.id}`,
        PASSWORD_CHANGES_PER_WINDOW,
        PASSWORD_CHANGE_WINDOW_SECONDS,
        'Too many attempts. Please wait and try again.',
      );
      if (refused) return refused;
      return {
        kind: 'proceed',
        // Every other browser is signed out when the password changes, whatever the caller asked.
        body: { ...parsed.data, revokeOtherSessions: true },
        after: async ({ status }) => {
          if (status < 400) {
            await record(request, { eventType: 'password_changed', userId: user.id, email: user.email, details: { other_sessions_ended: true } });
            await mailer.send(passwordChangedNotice(user.email, user.name, app.config.publicUrl));
          } else if (status === 400) {
            await record(request, { eventType: 'password_change_failed', userId: user.id, email: user.email, details: { status } });
          }
        },
      };
    }

    if (path === '/change-email') {
      const parsed = changeEmailBodySchema.safeParse(body);
      if (!parsed.success) return { kind: 'reject', status: 400, code: 'VALIDATION_ERROR', message: issueMessage(parsed.error) };
      const newEmail = parsed.data.newEmail.toLowerCase();
      if (newEmail === user.email.toLowerCase())
        return { kind: 'reject', status: 400, code: 'VALIDATION_ERROR', message: 'That is already your e-mail address.' };
      const refused = await limited(`email-change:${user.id}`, EMAIL_CHANGES_PER_HOUR, 60 * 60, 'Too many e-mail changes. Please wait and try again.');
      if (refused) return refused;
      return {
        kind: 'proceed',
        body: { newEmail, callbackURL: parsed.data.callbackURL },
        after: async ({ status }) => {
          if (status < 400)
            await record(request, { eventType: 'email_change_requested', userId: user.id, email: user.email, details: { new_email: newEmail } });
        },
      };
    }

    if (path === '/update-user') {
      // Names only, and the full name made of them (decisions/0001-accounts-and-sign-in.md); the profile follows.
      const parsed = updateProfileBodySchema.safeParse(body);
      if (!parsed.success) return { kind: 'reject', status: 400, code: 'VALIDATION_ERROR', message: issueMessage(parsed.error) };
      const name = fullName(parsed.data.firstName, parsed.data.lastName);
      return {
        kind: 'proceed',
        body: { ...parsed.data, name },
        after: async ({ status }) => {
          if (status >= 400) return;
          await app.db
            .update(profiles)
            .set({ firstName: parsed.data.firstName, lastName: parsed.data.lastName, fullName: name, updatedAt: new Date() })
            .where(eq(profiles.id, user.id));
        },
      };
    }
    return PROCEED;
  }

  /** The link of an e-mail change: refused if the address was taken meanwhile; followed up once applied. */
  async function prepareVerifyEmail(request: FastifyRequest): Promise<AccountCallPlan> {
    const query = request.query as { token?: unknown; callbackURL?: unknown };
    const claims = peekEmailChangeToken(query.token);
    if (!claims) return PROCEED;
    if (await isEmailTakenByOther(app.db, claims.updateTo, claims.userId)) {
      const callback = typeof query.callbackURL === 'string' && /^\/(?!\/)/.test(query.callbackURL) ? query.callbackURL : null;
      if (callback) return { kind: 'redirect', location: `${callback}${callback.includes('?') ? '&' : '?'}error=EMAIL_TAKEN` };
      return { kind: 'reject', status: 409, code: 'EMAIL_TAKEN', message: 'Another account uses this e-mail address now. Choose another one.' };
    }
    return {
      kind: 'proceed',
      after: async ({ status, location }) => {
        if (status >= 400 || /[?&]error=/.test(location)) return;
        if (await completeEmailChange(app.db, mailer, claims, app.config.publicUrl)) {
          await record(request, { eventType: 'email_changed', userId: claims.userId, email: claims.updateTo, details: { old_email: claims.email } });
        }
      },
    };
  }

  return { prepare };
}
