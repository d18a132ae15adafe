import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { FetchGuardError, isPrivateAddress } from './safe-fetch';

/** The target (or a redirect's target) is on a private or local network: refused, nothing was sent. */
export class BlockedAddressError extends FetchGuardError {
  override name = 'BlockedAddressError';
}

export interface SafeRequestOptions {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Bytes of the response body kept; the rest is not read. */
  maxBytes: number;
  /** Tests and development call a local server; production never allows private targets. */
  allowPrivateNetworks?: boolean;
  maxRedirects?: number;
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

const PRIVATE_MESSAGE = 'Addresses on private or local networks cannot be called.';

/**
 * Resolves the host and refuses private addresses in the same step that picks the address to connect to, so a
 * host cannot resolve to a public address for the check and a private one for the connection (DNS rebinding).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    const done = callback as (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
    if (error) return done(error, '', 0);
    const list = addresses as unknown as LookupAddress[];
    if (list.length === 0) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    if (list.some((entry) => isPrivateAddress(entry.address))) return done(new BlockedAddressError(PRIVATE_MESSAGE), '', 0);
    if (options.all) return done(null, list);
    return done(null, list[0]!.address, list[0]!.family);
  });
};

function assertAllowedUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchGuardError('Only http and https addresses can be called.');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // IP literals are connected to without a lookup: check them here.
  if (isIP(host) && isPrivateAddress(host)) throw new BlockedAddressError(PRIVATE_MESSAGE);
}

/** Words for a failure to get any answer; the caller shows them as the result of a test. */
function describeNetworkError(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `No answer within ${Math.round(timeoutMs / 1000)} s`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be resolved';
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'The connection was closed by the other side';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The host could not be reached';
  if (/CERT|SSL|TLS/i.test(code)) return `The TLS certificate was not accepted (${code})`;
  return 'The connection failed';
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal, allowPrivate: boolean) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal,
      // A fresh connection each time: a pooled socket would skip the address check of guardedLookup.
      agent: false,
      ...(allowPrivate ? {} : { lookup: guardedLookup }),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

async function readLimited(response: IncomingMessage, maxBytes: number): Promise<{ body: Buffer; isTruncated: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      if (chunk.byteLength >= room) {
        parts.push(chunk.subarray(0, room));
        response.destroy();
        return { body: Buffer.concat(parts), isTruncated: chunk.byteLength > room || !response.complete };
      }
      parts.push(chunk);
      size += chunk.byteLength;
    }
  } catch {
    // The time ran out or the other side hung up while sending the body: keep what arrived.
    return { body: Buffer.concat(parts), isTruncated: true };
  }
  return { body: Buffer.concat(parts), isTruncated: false };
}

/**
 * One HTTP request on a caller's behalf (a webhook test): public addresses only, checked at connection time and
 * at every redirect; one deadline for the whole exchange; a bounded read of the answer. Any status is returned.
 * Throws BlockedAddressError for a private target, FetchGuardError when no answer came.
 */
export async function safeRequest(input: string, options: SafeRequestOptions): Promise<SafeResponse> {
  const allowPrivate = options.allowPrivateNetworks ?? false;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const started = performance.now();
  let url = new URL(input);
  let method = options.method.toUpperCase();
  let body = options.body;
  let headers = { ...(options.headers ?? {}) };
  for (let hop = 0; ; hop += 1) {
    assertAllowedUrl(url, allowPrivate);
    let response: IncomingMessage;
    try {
      response = await send(url, method, headers, body, signal, allowPrivate);
    } catch (error) {
      if (error instanceof FetchGuardError) throw error;
      throw new FetchGuardError(describeNetworkError(error, options.timeoutMs, signal.aborted));
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hop >= (options.maxRedirects ?? 3)) throw new FetchGuardError('The endpoint redirected too many times');
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
    const latencyMs = Math.round(performance.now() - started);
    const { body: data, isTruncated } = await readLimited(response, options.maxBytes);
    return { status, statusText: response.statusMessage ?? '', body: data, isTruncated, finalUrl: url.toString(), latencyMs };
  }
}
