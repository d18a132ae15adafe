import type { Db, Tx } from '../../db/client';

/** The database or a transaction. */
export type Executor = Db | Tx;

/** Where a request went, for records and logs: origin and path, no credentials or query string. */
export function urlForLog(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`;
}

/**
 * Spec §7: the test goes to "a base API URL plus its endpoint_path". The path is appended to the base URL's
 * own path (https://n8n.example.com/webhook + /orders = https://n8n.example.com/webhook/orders).
 */
export function joinBaseUrl(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  return url.toString();
}

/**
 * n8n answers GET /healthz at the root of the instance (or under N8N_PATH). The webhook base URL usually ends
 * in /webhook (or /webhook-test): that last segment is dropped before /healthz is added.
 */
export function healthUrlFor(base: string): string {
  return n8nUrlFor(base, '/healthz');
}

/** An address of n8n itself (not of its webhooks): `path` under the base URL without its /webhook segment. */
export function n8nUrlFor(base: string, path: string): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  const root = url.pathname.replace(/\/+$/, '').replace(/\/(webhook|webhook-test|webhook-waiting)$/i, '');
  url.pathname = `${root}${path}`;
  return url.toString();
}

/** A workflow's endpoint URL: an absolute address, or a path under the webhook base URL. */
export function resolveWorkflowUrl(endpointUrl: string, base: string): string {
  return endpointUrl.startsWith('/') ? joinBaseUrl(base, endpointUrl) : endpointUrl;
}

/** Per cent with one decimal, or null when there is nothing to divide. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
