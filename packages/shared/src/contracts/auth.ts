import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { referralCodeSchema } from './referrals';

const email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .max(EMAIL_MAX_LENGTH, `E-mail must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

/** Relative callback paths only: an absolute URL would be an open redirect. */
const callbackPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Callback must be a path on this site')
  .optional();

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** What the sign-up form collects. */
export const signUpFormSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  password: passwordSchema,
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/**
 * Body of POST /api/auth/sign-up/email. `name` (the full name) is optional: the
 * server always stores first and last name joined by a space (spec part 1 §3).
 */
export const signUpBodySchema = signUpFormSchema.extend({
  name: z
    .string()
    .max(2 * NAME_MAX_LENGTH + 1)
    .optional(),
  callbackURL: callbackPath,
  rememberMe: z.boolean().optional(),
  /** The code of the referral link the visitor arrived by (features/referrals). */
  referralCode: referralCodeSchema.optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInFormSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

/** Body of POST /api/auth/sign-in/email. */
export const signInBodySchema = signInFormSchema.extend({
  callbackURL: callbackPath,
  rememberMe: z.boolean().optional(),
});

/** The "Forgot password?" form. */
export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** Body of POST /api/auth/request-password-reset. `redirectTo` is the page the link opens (a path on this site). */
export const requestPasswordResetBodySchema = forgotPasswordFormSchema.extend({ redirectTo: callbackPath });

/** Body of POST /api/auth/send-verification-email (a fresh confirmation link). */
export const sendVerificationEmailBodySchema = z.object({ email, callbackURL: callbackPath });

/** The page the reset link opens: a new password under the sign-up rules, typed twice. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'Repeat the new password' }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Body of POST /api/auth/reset-password. */
export const resetPasswordBodySchema = z.object({
  newPassword: passwordSchema,
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(200),
});

export { fullName } from '../names';

export const organizationSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  /** The workspace made for the user at sign-up (slug personal-…): it cannot be deleted or handed over. */
  isPersonal: z.boolean(),
});

/** GET /api/me: the signed-in user, their profile and every organization they belong to with their role (oldest membership first). */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    emailVerified: z.boolean(),
    fullName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
  }),
  session: z.object({ id: z.string(), expiresAt: z.string() }),
  organizations: z.array(organizationSummarySchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/auth-config: which sign-in methods this server offers. */
export const authConfigResponseSchema = z.object({
  emailPassword: z.literal(true),
  emailVerificationRequired: z.boolean(),
  oauth: z.object({ enabled: z.boolean(), providerId: z.string(), name: z.string() }),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** POST /api/session/timeout: the browser reports idle sign-out; the server records it and ends the session. */
export const sessionTimeoutBodySchema = z.object({
  idleDurationMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .optional(),
});

/** Client-observed session problems the server accepts as security events. */
export const clientSecurityEventTypes = ['token_refresh_failed', 'session_fetch_error'] as const;
export const clientSecurityEventBodySchema = z.object({
  eventType: z.enum(clientSecurityEventTypes),
  message: z.string().max(500).optional(),
});
export type ClientSecurityEventBody = z.infer<typeof clientSecurityEventBodySchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
