import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describeNetworkError, FetchGuardError, guardConnection, NoAnswerError, type ResolveHost } from '../../lib/safe-request';

/** Bytes of one answer of an MCP server read; past it the exchange fails (a tool list or a result, not a download). */
export const MCP_RESPONSE_MAX_BYTES = 1024 * 1024;

/** The MCP server answered with a redirect: not followed, as a webhook action's is not (the token would travel). */
export class McpRedirectError extends FetchGuardError {
  override name = 'McpRedirectError';
}

/** One answer was longer than MCP_RESPONSE_MAX_BYTES. */
export class McpTooLargeError extends FetchGuardError {
  override name = 'McpTooLargeError';
}

export interface McpFetchOptions {
  allowPrivateNetworks: boolean;
  /** The bearer token, sent as `Authorization` on every request; null for none. */
  authToken: string | null;
  /** The whole exchange's deadline (every request of the session and the reading of its answers). */
  deadline: AbortSignal;
  timeoutMs: number;
  /** How host names are resolved at connection time (tests inject a fake DNS). */
  resolveHost?: ResolveHost;
}

/** What the exchange came to, as the fetch saw it: the guard's refusal (the SDK reports it only as text), the last answer. */
export interface McpFetchState {
  failure: FetchGuardError | null;
  status: number | null;
  statusText: string;
}

/** The answer's body as a web stream, failing past maxBytes and when the connection ends before the body does. */
function boundedBody(response: IncomingMessage, maxBytes: number, fail: (error: FetchGuardError) => FetchGuardError): ReadableStream<Uint8Array> {
  let size = 0;
  let isSettled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const settle = (error?: unknown) => {
        if (isSettled) return;
        isSettled = true;
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      response.on('data', (chunk: Buffer) => {
        if (isSettled) return;
        size += chunk.byteLength;
        if (size > maxBytes) {
          settle(fail(new McpTooLargeError(`The MCP server’s answer was longer than ${(maxBytes / 1024 / 1024).toLocaleString('en-US')} MiB`)));
          response.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
      });
      response.once('end', () => settle());
      response.once('error', (error) => settle(error));
      response.once('close', () => settle(response.complete ? undefined : fail(new NoAnswerError('the connection was closed by the other side'))));
    },
    cancel() {
      isSettled = true;
      response.destroy();
    },
  });
}

/**
 * The fetch the MCP client's transport makes every request with: through the SSRF guard (lib/safe-request.ts; an IP
 * literal checked before, a host name at connection time, on a fresh connection each time), with the bearer token, under
 * the exchange's deadline, reading at most MCP_RESPONSE_MAX_BYTES of an answer, following no redirect. The stream of
 * server-initiated messages (a GET) is answered 405 without asking the server: one call needs none of them.
 */
export function mcpFetch(options: McpFetchOptions, state: McpFetchState): FetchLike {
  const fail = (error: FetchGuardError) => {
    state.failure ??= error;
    return error;
  };
  return async (input, init = {}) => {
    const url = new URL(input);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405, statusText: 'Method Not Allowed' });
    let lookup;
    try {
      lookup = guardConnection(url, options);
    } catch (error) {
      throw error instanceof FetchGuardError ? fail(error) : error;
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    headers['user-agent'] = 'Parley-Actions/1.0';
    if (options.authToken) headers.authorization = `Bearer ${options.authToken}`;
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new Error('The MCP client sent a body that is not text.');
    const body = init.body ?? undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const signal = init.signal ? AbortSignal.any([init.signal, options.deadline]) : options.deadline;

    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, { method, headers, signal, agent: false, lookup });
      request.once('response', resolve);
      request.once('error', reject);
      request.end(body);
    }).catch((error: unknown) => {
      throw fail(error instanceof FetchGuardError ? error : new NoAnswerError(describeNetworkError(error, options.timeoutMs, options.deadline.aborted)));
    });
    const status = response.statusCode ?? 0;
    state.status = status;
    state.statusText = (response.statusMessage ?? '').slice(0, 200);
    if (status >= 300 && status < 400) {
      response.destroy();
      throw fail(new McpRedirectError(`The MCP server answered with a redirect (HTTP ${status}), which is not followed`));
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
    }
    const hasNoBody = status === 204 || status === 205 || method === 'HEAD';
    if (hasNoBody) response.resume();
    return new Response(hasNoBody ? null : boundedBody(response, MCP_RESPONSE_MAX_BYTES, fail), {
      status,
      statusText: response.statusMessage ?? '',
      headers: responseHeaders,
    });
  };
}
