import { createHmac } from 'node:crypto';
import { MESSAGES } from '@parley/shared/messages';
import { FORGOT_PASSWORD_PATH, OAUTH_PROMPT, OAUTH_PROVIDER_ID, OAUTH_SCOPES, PASSWORD_RESET_TOKEN_SECONDS } from '@parley/shared/constants';
import { betterAuth } from 'better-auth';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { emailChangeVerificationEmail, passwordChangedNotice } from '../providers/email/account-emails';
import { ensureProfile, isPendingEmailChange, isProfileActive } from '../services/identity';
import { recordSecurityEvent } from '../services/security-events';
import type { Mailer } from '../providers/email/mailer';
import { existingAccountSignUpEmail, passwordResetEmail, verificationEmail } from '../providers/email/templates';

export interface CreateAuthOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Runs after each sign-in (password, e-mail verification, single sign-on) before the session is used: the features
   * that act on a sign-in (account deletion cancels a scheduled deletion) are given here by app.ts, so this plugin
   * imports no feature.
   */
  afterSignIn?: (user: { id: string; email: string; name: string }, session: { ipAddress?: string | null; userAgent?: string | null }) => Promise<unknown>;
}

/** Better Auth's error codes, in the words a person should read (none trips the sanitiser). */
export const FRIENDLY_AUTH_ERRORS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotVerified,
  USER_ALREADY_EXISTS: 'An account with this e-mail already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this e-mail already exists. Sign in instead.',
  ACCOUNT_DEACTIVATED: MESSAGES.accountDeactivated,
  INVALID_TOKEN: 'This link is not valid any more. Request a new one.',
  TOKEN_EXPIRED: 'This link has expired. Request a new one.',
  // Account settings (change password and e-mail, sessions, connected accounts).
  INVALID_PASSWORD: 'Incorrect current credentials. Check them and try again.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account signs in with single sign-on only: there is nothing to change here.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'This is your only way to sign in. Add another before disconnecting it.',
  ACCOUNT_NOT_FOUND: 'That sign-in method is not connected to your account.',
  SESSION_NOT_FRESH: 'For your security, sign in again to do this.',
  SESSION_EXPIRED: 'For your security, sign in again to do this.',
  EMAIL_CAN_NOT_BE_UPDATED: 'Change your e-mail address with the e-mail form: a link is sent to the new address.',
  USER_NOT_FOUND: 'This link is not valid any more. Request a new one.',
  INVALID_USER: 'This link belongs to another account. Sign out and open it again.',
  // Password reset (the page the e-mail link opens).
  RESET_PASSWORD_DISABLED: 'Password reset is not available on this server.',
};

/** Better Auth's signing secret, derived from PARLEY_SECRET_KEY so one secret governs the install. */
const deriveAuthSecret = (secretKey: string) => createHmac('sha256', secretKey).update('parley:better-auth').digest('base64url');

const SIGN_IN_PATHS: Record<string, string> = { '/sign-in/email': 'email', '/verify-email': 'email_verification' };

/** The client the bridge saw (it sets x-parley-client-ip), for the events written from Better Auth's callbacks. */
const clientOf = (request: Request | undefined) => ({
  ipAddress: request?.headers.get('x-parley-client-ip') ?? null,
  userAgent: request?.headers.get('user-agent')?.slice(0, 500) ?? null,
});

export function createAuth({ config, db, mailer, log, afterSignIn }: CreateAuthOptions) {
  return betterAuth({
    appName: 'Parley',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deriveAuthSecret(config.secretKey),
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications },
    }),
    advanced: {
      database: { generateId: 'uuid' },
      // The bridge puts Fastify's resolved client IP (TRUSTED_PROXY-aware) in this header.
      ipAddress: { ipAddressHeaders: ['x-parley-client-ip'] },
    },
    // Our own limiter (per e-mail and per IP, shared through Redis when configured) runs in the bridge.
    rateLimit: { enabled: false },
    user: {
      // A link to the NEW address makes the change (features/account); the old address is told afterwards.
      changeEmail: { enabled: true },
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.emailVerificationRequired,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: !config.emailVerificationRequired,
      // With confirmation required, a sign-up with an address that has an account answers as for a new one (Better
      // Auth's generic answer); its owner gets this e-mail instead, so only they learn of it.
      onExistingUserSignUp: async ({ user }) => {
        if (!(await isProfileActive(db, user.id))) return;
        const base = config.publicUrl.replace(/\/$/, '');
        await mailer.send(existingAccountSignUpEmail(user.email, user.name, `${base}/auth`, `${base}${FORGOT_PASSWORD_PATH}`));
      },
      // "Forgot password?" (decisions/0002-password-reset-and-auth-rate-limits.md): a link valid for an hour, once; the reset ends every session of the user.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Better Auth answers the same whether or not the address has an account; a deactivated one gets no e-mail.
      sendResetPassword: async ({ user, url }, request) => {
        if (!(await isProfileActive(db, user.id))) {
          await recordSecurityEvent(db, {
            eventType: 'password_reset_failed',
            userId: user.id,
            email: user.email,
            ...clientOf(request),
            details: { reason: 'ACCOUNT_DEACTIVATED', stage: 'request' },
          });
          return;
        }
        await mailer.send(passwordResetEmail(user.email, user.name, url));
      },
      onPasswordReset: async ({ user }, request) => {
        try {
          await recordSecurityEvent(db, {
            eventType: 'password_reset_completed',
            userId: user.id,
            email: user.email,
            ...clientOf(request),
            details: { all_sessions_ended: true },
          });
          await mailer.send(passwordChangedNotice(user.email, user.name, config.publicUrl, 'reset'));
        } catch (error) {
          log.error({ err: error }, 'could not follow up a password reset');
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        // Better Auth sends an e-mail change's link through here too, addressed to the new address.
        const isChange = await isPendingEmailChange(db, user.id, user.email);
        await mailer.send(isChange ? emailChangeVerificationEmail(user.email, user.name, url) : verificationEmail(user.email, user.name, url));
      },
    },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OAUTH_PROVIDER_ID,
                name: config.oidc.name,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: [...OAUTH_SCOPES],
                prompt: OAUTH_PROMPT,
                pkce: true,
                mapProfileToUser: (profile) => {
                  const first = typeof profile.given_name === 'string' ? profile.given_name : undefined;
                  const last = typeof profile.family_name === 'string' ? profile.family_name : undefined;
                  return {
                    firstName: first,
                    lastName: last,
                    name: (typeof profile.name === 'string' && profile.name) || [first, last].filter(Boolean).join(' ') || String(profile.email ?? ''),
                  };
                },
              },
            ],
          }),
        ]
      : [],
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await ensureProfile(db, {
              id: user.id,
              email: user.email,
              fullName: user.name,
              firstName: (user.firstName as string | undefined) ?? null,
              lastName: (user.lastName as string | undefined) ?? null,
              avatarUrl: user.image ?? null,
            });
          },
        },
      },
      session: {
        create: {
          // A deactivated profile never gets a new session, whatever the sign-in method.
          before: async (session) => {
            if (!(await isProfileActive(db, session.userId))) {
              await recordSecurityEvent(db, {
                eventType: 'deactivated_signin_blocked',
                userId: session.userId,
                ipAddress: session.ipAddress ?? null,
                userAgent: session.userAgent ?? null,
              });
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DEACTIVATED', message: MESSAGES.accountDeactivated });
            }
          },
        },
      },
    },
    hooks: {
      // A reset link sent before the account was deactivated sets no password.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/reset-password') return;
        const token = (ctx.body as { token?: unknown } | undefined)?.token ?? (ctx.query as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string' || !token) return;
        const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
        if (!verification || (await isProfileActive(db, verification.value))) return;
        await recordSecurityEvent(db, {
          eventType: 'password_reset_failed',
          userId: verification.value,
          ...clientOf(ctx.request),
          details: { reason: 'ACCOUNT_DEACTIVATED', stage: 'reset' },
        });
        throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DEACTIVATED', message: MESSAGES.accountDeactivated });
      }),
      after: createAuthMiddleware(async (ctx) => {
        const created = ctx.context.newSession;
        if (!created) return;
        const method = SIGN_IN_PATHS[ctx.path] ?? (ctx.path.startsWith('/callback/') ? 'oauth' : undefined);
        if (!method) return;
        try {
          await afterSignIn?.(created.user, created.session);
          await db.update(schema.profiles).set({ lastSignInAt: new Date() }).where(eq(schema.profiles.id, created.user.id));
          await recordSecurityEvent(db, {
            eventType: 'signin_success',
            userId: created.user.id,
            email: created.user.email,
            ipAddress: created.session.ipAddress ?? null,
            userAgent: created.session.userAgent ?? null,
            details: { method },
          });
        } catch (error) {
          log.error({ err: error }, 'could not record signin_success');
        }
      }),
    },
    logger: {
      log: (level, message, ...args) => {
        const target = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        target({ args }, `better-auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
