import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import { MESSAGES } from '@parley/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  FOREIGN_KEY_VIOLATION_MESSAGE,
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isUniqueViolation,
  isUnstorableText,
  UNIQUE_VIOLATION_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
} from '../lib/database-errors';

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return where ? `${where}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  return error.message;
}

/** The OpenAI-compatible API (/v1/…) answers every error in OpenAI's shape, so its clients read them as their own. */
const isOpenAiPath = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

interface ErrorBody {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  requestId: string;
}

function openAiErrorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Our error body, or OpenAI's `{ error: { message, type, param, code } }` under /v1. */
export function errorBody(url: string, body: ErrorBody) {
  if (!isOpenAiPath(url)) return body;
  return { error: { message: body.message, type: openAiErrorType(body.statusCode), param: null, code: body.code.toLowerCase() } };
}

/**
 * One error handler: AppErrors and client mistakes (4xx) keep a sanitised message;
 * a unique or foreign-key violation no service caught is a 409; a NUL character in text is a 400; a database out of reach is a 503 with Retry-After; anything else is a 500 whose details only reach
 * the log, with the request id.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const requestId = request.id;
      if (error instanceof AppError) {
        reply.headers(error.headers);
        return reply.status(error.statusCode).send(
          errorBody(request.url, {
            statusCode: error.statusCode,
            code: error.code,
            error: STATUS_TEXT[error.statusCode] ?? 'Error',
            message: sanitizeErrorMessage(error.message),
            requestId,
          }),
        );
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return reply.status(400).send(
          errorBody(request.url, {
            statusCode: 400,
            code: 'VALIDATION_ERROR',
            error: 'Bad Request',
            // Our own contract's wording (field + rule): authored text, never a value the caller sent.
            message: describeValidation(error) || 'The request is not valid.',
            requestId,
          }),
        );
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error) ? error.statusCode : 500;
      if (status === 429) {
        return reply
          .status(429)
          .send(errorBody(request.url, { statusCode: 429, code: 'RATE_LIMITED', error: STATUS_TEXT[429]!, message: MESSAGES.tooManyAttempts, requestId }));
      }
      if (status < 500) {
        // Fastify's own 4xx (bad JSON, body too large, wrong content type): the message is safe and useful.
        return reply.status(status).send(
          errorBody(request.url, {
            statusCode: status,
            code: error.code ?? 'BAD_REQUEST',
            error: STATUS_TEXT[status] ?? 'Error',
            message: sanitizeErrorMessage(error.message, 'The request is not valid.'),
            requestId,
          }),
        );
      }
      if (isUniqueViolation(error) || isForeignKeyViolation(error)) {
        // A constraint stopped a write that raced another request (services catch the cases they expect with their own
        // wording): the caller's request conflicts with the current state, which is a 409, not a server fault.
        request.log.warn({ err: error }, 'constraint violation answered with 409');
        const message = isUniqueViolation(error) ? UNIQUE_VIOLATION_MESSAGE : FOREIGN_KEY_VIOLATION_MESSAGE;
        return reply.status(409).send(errorBody(request.url, { statusCode: 409, code: 'CONFLICT', error: STATUS_TEXT[409]!, message, requestId }));
      }
      if (isUnstorableText(error)) {
        // A NUL character in a field or a search: the statement failed (and its transaction with it), nothing changed.
        request.log.warn({ err: error }, 'unstorable text answered with 400');
        return reply
          .status(400)
          .send(errorBody(request.url, { statusCode: 400, code: 'VALIDATION_ERROR', error: STATUS_TEXT[400]!, message: UNSTORABLE_TEXT_MESSAGE, requestId }));
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL restarting or out of reach: a clean, retryable answer; the pool reconnects by itself.
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send(
          errorBody(request.url, {
            statusCode: 503,
            code: 'SERVICE_UNAVAILABLE',
            error: STATUS_TEXT[503]!,
            message: DATABASE_UNAVAILABLE_MESSAGE,
            requestId,
          }),
        );
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send(errorBody(request.url, { statusCode: 500, code: 'INTERNAL_ERROR', error: STATUS_TEXT[500]!, message: MESSAGES.unexpectedError, requestId }));
    });

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(
        errorBody(request.url, {
          statusCode: 404,
          code: 'NOT_FOUND',
          error: 'Not Found',
          message: `No route for ${request.method} ${request.url.split('?')[0]}`,
          requestId: request.id,
        }),
      ),
    );
  },
  { name: 'errors' },
);
