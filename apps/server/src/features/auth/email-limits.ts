import {
  AUTH_EMAIL_WINDOW_SECONDS,
  AUTH_EMAILS_MAX_PER_ADDRESS,
  AUTH_IP_WINDOW_SECONDS,
  CONFIRMATION_RESENDS_MAX_PER_IP,
  PASSWORD_RESET_REQUESTS_MAX_PER_IP,
  SIGN_UP_MAX_PER_IP,
} from '@parley/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limiter';

/** The calls of Better Auth that send an e-mail to the address in their body. */
export type AuthEmailFlow = 'sign-up' | 'confirmation' | 'password-reset';

export const AUTH_EMAIL_FLOWS: Readonly<Record<string, AuthEmailFlow>> = {
  '/sign-up/email': 'sign-up',
  '/send-verification-email': 'confirmation',
  '/request-password-reset': 'password-reset',
};

const MAX_PER_IP: Record<AuthEmailFlow, number> = {
  'sign-up': SIGN_UP_MAX_PER_IP,
  confirmation: CONFIRMATION_RESENDS_MAX_PER_IP,
  'password-reset': PASSWORD_RESET_REQUESTS_MAX_PER_IP,
};

/**
 * Counts one request of `flow` against the target address (one budget shared by the three flows, so an address gets
 * at most AUTH_EMAILS_MAX_PER_ADDRESS of these e-mails a window) and against the client IP (a budget per flow).
 * Every request counts, whether or not the address has an account, so the answer never tells. Returns the seconds
 * to wait when either budget is spent, else null. A store failure lets the request through (like sign-in).
 */
export async function limitAuthEmail(
  rateLimiter: RateLimiter,
  log: FastifyBaseLogger,
  { flow, email, ip }: { flow: AuthEmailFlow; email: string; ip: string },
): Promise<number | null> {
  try {
    const [byEmail, byIp] = await Promise.all([
      rateLimiter.hit(`auth-email:address:${email}`, AUTH_EMAILS_MAX_PER_ADDRESS, AUTH_EMAIL_WINDOW_SECONDS),
      rateLimiter.hit(`auth-email:${flow}:ip:${ip}`, MAX_PER_IP[flow], AUTH_IP_WINDOW_SECONDS),
    ]);
    if (byEmail.allowed && byIp.allowed) return null;
    return Math.max(byEmail.allowed ? 0 : byEmail.retryAfterSeconds, byIp.allowed ? 0 : byIp.retryAfterSeconds);
  } catch (error) {
    log.warn({ err: error, flow }, 'auth e-mail rate limiter unavailable');
    return null;
  }
}
