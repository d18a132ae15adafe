import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-address';

export { isPrivateAddress };

/** The server's one outbound HTTP path on a customer's or admin's behalf (SSRF guard). Messages are user-safe. */
export class FetchGuardError extends Error {
  override name = 'FetchGuardError';
}

/** The target (or a redirect's target) is on a private or local network: refused, nothing was sent. */
export class BlockedAddressError extends FetchGuardError {
  override name = 'BlockedAddressError';
}

/** No answer came; `reason` says why in words a caller can put in its own sentence ("no answer within 5 s"). */
export class NoAnswerError extends FetchGuardError {
  override name = 'NoAnswerError';
  constructor(readonly reason: string) {
    super(reason.charAt(0).toUpperCase() + reason.slice(1));
  }
}

export class TooManyRedirectsError extends FetchGuardError {
  override name = 'TooManyRedirectsError';
  constructor() {
    super('The endpoint redirected too many times');
  }
}

const PRIVATE_MESSAGE = 'Addresses on private or local networks cannot be fetched.';

export type ResolveHost = (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;

const systemResolver: ResolveHost = (hostname, options) => dnsLookup(hostname, { ...options, all: true });

/**
 * The socket's own name lookup: it refuses private addresses in the same step that picks the address to connect to,
 * so a host cannot resolve to a public address for a check and a private one for the connection (DNS rebinding).
 * Every address must be public: a mixed answer would let the connection pick the private one.
 */
function connectionLookup(resolveHost: ResolveHost, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname, options).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) return callback(new BlockedAddressError(PRIVATE_MESSAGE), '', 0);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function assertAllowedUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchGuardError('Only http and https addresses can be fetched.');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // IP literals are connected to without a lookup: check them here.
  if (isIP(host) && isPrivateAddress(host)) throw new BlockedAddressError(PRIVATE_MESSAGE);
}

/** Why no answer came, in words for a sentence ("The page could not be fetched: …") or, capitalised, on their own. */
export function describeNetworkError(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'the connection was closed by the other side';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host could not be reached';
  if (/CERT|SSL|TLS/i.test(code)) return `the TLS certificate was not accepted (${code})`;
  return 'the connection failed';
}

/**
 * The guard for a client that sends its own requests (the MCP client's fetch, features/chatbot-actions/mcp-client.ts):
 * refuses an address that is not http(s), or an IP literal on a private network, now; and gives the socket lookup that
 * refuses a host name resolving to a private address at connection time. Use it with `agent: false` on every request:
 * a pooled socket would skip the lookup.
 */
export function guardConnection(url: URL, options: Pick<GuardOptions, 'allowPrivateNetworks' | 'resolveHost'> = {}): LookupFunction {
  const allowPrivate = options.allowPrivateNetworks ?? false;
  assertAllowedUrl(url, allowPrivate);
  return connectionLookup(options.resolveHost ?? systemResolver, allowPrivate);
}

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
  lookup: LookupFunction;
}

function send(url: URL, hop: Hop) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: hop.method,
      headers: hop.body === undefined ? hop.headers : { ...hop.headers, 'content-length': String(Buffer.byteLength(hop.body)) },
      signal: hop.signal,
      // A fresh connection each time: a pooled socket would skip the address check of the lookup.
      agent: false,
      lookup: hop.lookup,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(hop.body);
  });
}

async function readBody(response: IncomingMessage, maxBytes: number, describeCutOff: (error: unknown) => NoAnswerError) {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (size + chunk.byteLength > maxBytes) {
        parts.push(chunk.subarray(0, maxBytes - size));
        response.destroy();
        return { body: Buffer.concat(parts), isOverLimit: true, cutOff: null };
      }
      parts.push(chunk);
      size += chunk.byteLength;
    }
  } catch (error) {
    // The time ran out or the other side hung up while sending the body: what arrived is kept.
    return { body: Buffer.concat(parts), isOverLimit: false, cutOff: describeCutOff(error) };
  }
  return { body: Buffer.concat(parts), isOverLimit: false, cutOff: null };
}

export interface GuardOptions {
  /** One deadline for the whole exchange: every redirect and the reading of the body. */
  timeoutMs: number;
  /** Tests and development call a local server; production never allows private targets. */
  allowPrivateNetworks?: boolean;
  maxRedirects?: number;
  /** How host names are resolved at connection time. Tests inject a fake DNS; production uses the system's. */
  resolveHost?: ResolveHost;
}

export interface GuardedRequestOptions extends GuardOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The final answer's head; the body is read (bounded) or discarded by the caller. */
export interface GuardedAnswer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  finalUrl: string;
  /** Milliseconds until the final answer's headers arrived. */
  latencyMs: number;
  /** Reads at most maxBytes of the body. `cutOff` says why the body ended early (the deadline, the other side hung up). */
  read(maxBytes: number): Promise<{ body: Buffer; isOverLimit: boolean; cutOff: NoAnswerError | null }>;
  /** Closes the connection without reading the body. */
  discard(): void;
}

/**
 * Sends a request and follows redirects (at most 3 unless told): public addresses only, checked at connection time
 * on a fresh connection at every hop. Throws BlockedAddressError for a private target, NoAnswerError when nothing
 * answered, TooManyRedirectsError, and FetchGuardError for an address that is not http(s).
 */
export async function sendGuarded(input: string, options: GuardedRequestOptions): Promise<GuardedAnswer> {
  const allowPrivate = options.allowPrivateNetworks ?? false;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const describe = (error: unknown) => new NoAnswerError(describeNetworkError(error, options.timeoutMs, signal.aborted));
  const lookup = connectionLookup(options.resolveHost ?? systemResolver, allowPrivate);
  const started = performance.now();
  let url = new URL(input);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = { ...(options.headers ?? {}) };
  for (let hop = 0; ; hop += 1) {
    assertAllowedUrl(url, allowPrivate);
    let response: IncomingMessage;
    try {
      response = await send(url, { method, headers, body, signal, lookup });
    } catch (error) {
      throw error instanceof FetchGuardError ? error : describe(error);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= (options.maxRedirects ?? 3)) throw new TooManyRedirectsError();
      const next = new URL(location, url);
      // Credentials the caller configured for one origin do not travel to another (as browsers do).
      if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() === 'content-type'));
      // As fetch does: 303, and 301/302 after a POST, continue as a GET without a body.
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      url = next;
      continue;
    }
    return {
      status,
      statusText: response.statusMessage ?? '',
      headers: response.headers,
      finalUrl: url.toString(),
      latencyMs: Math.round(performance.now() - started),
      read: (maxBytes) => readBody(response, maxBytes, describe),
      discard: () => response.destroy(),
    };
  }
}

export interface SafeRequestOptions extends GuardedRequestOptions {
  method: string;
  /** Bytes of the response body kept; the rest is not read. */
  maxBytes: number;
}

export interface SafeResponse {
  status: number;
  statusText: string;
  body: Buffer;
  /** The body was longer than maxBytes (or the time ran out while reading it). */
  isTruncated: boolean;
  finalUrl: string;
  /** Milliseconds until the final response's headers arrived. */
  latencyMs: number;
}

/**
 * One HTTP request on a caller's behalf (a webhook test): the guarded exchange and a bounded read of the answer,
 * keeping what arrived. Any status is returned. Throws BlockedAddressError for a private target, FetchGuardError
 * (with a message to show on its own, "No answer within 5 s") when no answer came.
 */
export async function safeRequest(input: string, options: SafeRequestOptions): Promise<SafeResponse> {
  const answer = await sendGuarded(input, options);
  const { body, isOverLimit, cutOff } = await answer.read(options.maxBytes);
  return {
    status: answer.status,
    statusText: answer.statusText,
    body,
    isTruncated: isOverLimit || cutOff !== null,
    finalUrl: answer.finalUrl,
    latencyMs: answer.latencyMs,
  };
}
