import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { passwordSchema } from './auth';

/**
 * The signed-in user's own account (/dashboard/settings): profile, e-mail and password
 * changes, sessions and connected sign-in methods.
 */

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

/** GET /api/account/profile. */
export const accountProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  /** `/api/avatars/<user id>?v=<version>` when an avatar was uploaded. */
  avatarUrl: z.string().nullable(),
  /** An e-mail-and-password sign-in exists (an account created with single sign-on has none). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** PATCH /api/account/profile: the full name is always first + ' ' + last (decisions/0001-accounts-and-sign-in.md). */
export const updateProfileBodySchema = z.object({ firstName: personName('First name'), lastName: personName('Last name') }).strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Relative callback paths only, as for sign-up: an absolute URL would be an open redirect. */
const callbackPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Callback must be a path on this site')
  .optional();

/**
 * POST /api/auth/change-email (Better Auth, through the bridge): a confirmation link goes to the
 * NEW address; the change applies when it is opened, and the old address is told.
 */
export const changeEmailBodySchema = z
  .object({
    newEmail: z
      .string({ error: 'E-mail is required' })
      .trim()
      .max(EMAIL_MAX_LENGTH, `E-mail must be at most ${EMAIL_MAX_LENGTH} characters`)
      .pipe(z.email({ error: 'Enter a valid e-mail address' })),
    callbackURL: callbackPath,
  })
  .strict();
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/**
 * POST /api/auth/change-password (Better Auth, through the bridge). Other sessions always end:
 * the bridge sends revokeOtherSessions=true whatever the caller asked.
 */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    revokeOtherSessions: z.boolean().optional(),
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The password form: the new one typed twice, and different from the current one. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Type the new password again'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The two new passwords do not match' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one' });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;

/** One signed-in browser or device. Session tokens never leave the server. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** Updated at most every few minutes while the session is used. */
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const sessionParamsSchema = z.object({ sessionId: z.uuid({ error: 'Invalid id: must be a UUID' }) });

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });

/** A way to sign in: the e-mail-and-password credential or an OAuth/OIDC provider. */
export const connectedAccountSchema = z.object({
  id: z.uuid(),
  providerId: z.string(),
  /** "E-mail and password", or the provider's display name. */
  providerName: z.string(),
  kind: z.enum(['credential', 'oauth']),
  createdAt: z.string(),
  /** Another sign-in method remains, so this one can be disconnected (OAuth only). */
  canUnlink: z.boolean(),
});
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

export const connectedAccountListSchema = z.object({ items: z.array(connectedAccountSchema) });
export type ConnectedAccountList = z.infer<typeof connectedAccountListSchema>;

export const connectedAccountParamsSchema = z.object({ accountId: z.uuid({ error: 'Invalid id: must be a UUID' }) });
