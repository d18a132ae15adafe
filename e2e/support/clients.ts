import type { BrowserContextOptions } from 'playwright-core';

let clients = 0;

/**
 * A client address no other test of the run uses (10.0.0.1, 10.0.0.2, …). The shared server trusts the
 * X-Forwarded-For of loopback, as a server behind the reverse proxy of deploy/nginx.conf does, so each test counts as
 * a client of its own against the per-IP limits (10 sign-ups an hour, 30 sign-ins a quarter of an hour…), as each
 * test counted against a fresh server when every describe block started one.
 */
export function nextClientIp(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** Context options for a browser that reaches the server from `ip` (every request its pages and its `request` make). */
export function asClient(options: BrowserContextOptions = {}, ip: string = nextClientIp()): BrowserContextOptions {
  return { ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': ip } };
}
