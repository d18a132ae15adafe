import { REQUEST_DEDUP_WINDOW_MS } from '@parley/shared/constants';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import { delay, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';

/**
 * The API as the component tests see it: MSW answers the real api client's fetch calls. Each test file adds the
 * handlers its screen needs (`server.use`); a request no handler answers fails the test (setup.ts).
 */
export const server = setupServer();

/**
 * A JSON answer checked against the shared contract first, so that a mock cannot drift from what the server sends:
 * a fixture that no longer satisfies the schema fails the test that uses it.
 */
export function contractJson<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit): Response {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, init);
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error as the server's error handler sends it (contracts/errors.ts): with a code, so the api client does not retry it. */
export function apiError(statusCode: number, code: string, message: string): Response {
  const error = STATUS_TEXT[statusCode] ?? 'Error';
  return HttpResponse.json(errorResponseSchema.parse({ statusCode, code, error, message, requestId: 'req-test' }), { status: statusCode });
}

/**
 * For a write whose success refetches what the screen shows: answers once the api client's dedup window (100 ms,
 * lib/request-dedup.ts) has passed since the screen's first read. A test clicks faster than a person; without the
 * wait the refetch would share the first read's (older) answer instead of asking again.
 */
export function afterDedupWindow(): Promise<void> {
  return delay(REQUEST_DEDUP_WINDOW_MS);
}
