import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import { AppError, type AppErrorCode } from '../../lib/app-error';
import { FRIENDLY_AUTH_ERRORS } from '../../plugins/better-auth';

/** The caller's headers as a Web Headers object, for `auth.api.*` calls made on their behalf. */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length' || key === 'x-parley-client-ip') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-parley-client-ip', request.ip);
  return headers;
}

const STATUS_CODE: Record<number, AppErrorCode> = { 400: 'VALIDATION_ERROR', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED' };

/** Runs a Better Auth API call; its errors become AppErrors worded as the bridge words them. */
export async function callAuth<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof APIError) {
      const body = (error.body ?? {}) as { code?: string; message?: string };
      const code = STATUS_CODE[error.statusCode];
      if (!code) throw error;
      throw new AppError(code, (body.code && FRIENDLY_AUTH_ERRORS[body.code]) || sanitizeErrorMessage(body.message));
    }
    throw error;
  }
}
