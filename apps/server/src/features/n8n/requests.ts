import { N8N_MESSAGES, type N8nRequestKind } from '@parley/shared/contracts/n8n';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { n8nRequests, n8nWebhookEndpoints, n8nWorkflows } from '../../db/schema/index';
import { BlockedAddressError, FetchGuardError, safeRequest } from '../../lib/safe-request';
import type { Tx } from '../../db/client';
import { urlForLog } from './shared';
import { findEndpoint, findWorkflow } from './workflows';

/** Records older than this are pruned (Monitoring looks back 30 days at most). */
const RETENTION_DAYS = 90;
/** About one insert in this many also prunes old records: cheap, and no scheduler is needed. */
const PRUNE_EVERY = 100;
const ERROR_MAX = 500;

export interface N8nRequestRecord {
  kind: N8nRequestKind;
  method: string;
  url: string;
  startedAt: Date;
  durationMs: number;
  status: 'success' | 'error';
  httpStatus: number | null;
  error: string | null;
  workflowId?: string | null;
  endpointId?: string | null;
  routingRuleId?: string | null;
  actorId?: string | null;
}

/**
 * Stores one request to n8n and counts it where the spec keeps counts: the workflow's execution_count and
 * last_execution, the endpoint's request_count and last_request. All in the caller's transaction.
 */
export async function recordN8nRequest(tx: Tx, record: N8nRequestRecord): Promise<string> {
  // Kept only while the workflow or endpoint still exists (it may have been deleted meanwhile).
  const workflowId = record.workflowId ? ((await findWorkflow(tx, record.workflowId))?.id ?? null) : null;
  const endpointId = record.endpointId ? ((await findEndpoint(tx, record.endpointId))?.id ?? null) : null;
  const [row] = await tx
    .insert(n8nRequests)
    .values({
      kind: record.kind,
      method: record.method,
      url: urlForLog(record.url),
      startedAt: record.startedAt,
      durationMs: Math.max(0, Math.round(record.durationMs)),
      status: record.status,
      httpStatus: record.httpStatus,
      error: record.error?.slice(0, ERROR_MAX) ?? null,
      workflowId,
      endpointId,
      routingRuleId: record.routingRuleId ?? null,
      actorId: record.actorId ?? null,
    })
    .returning({ id: n8nRequests.id });
  if (workflowId) {
    await tx
      .update(n8nWorkflows)
      .set({ executionCount: sql`${n8nWorkflows.executionCount} + 1`, lastExecution: record.startedAt })
      .where(eq(n8nWorkflows.id, workflowId));
  }
  if (endpointId) {
    await tx
      .update(n8nWebhookEndpoints)
      .set({ requestCount: sql`${n8nWebhookEndpoints.requestCount} + 1`, lastRequest: record.startedAt })
      .where(eq(n8nWebhookEndpoints.id, endpointId));
  }
  if (Math.random() * PRUNE_EVERY < 1) {
    await tx.delete(n8nRequests).where(lt(n8nRequests.startedAt, new Date(Date.now() - RETENTION_DAYS * 24 * 60 * 60 * 1000)));
  }
  return row!.id;
}

export interface N8nExchange {
  url: string;
  method: string;
  /** JSON sent as the body; none for GET. */
  body?: unknown;
  bearer: string | null;
  /** More headers (n8n's API key for its REST API). */
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Bytes of the answer kept. */
  maxBytes: number;
  allowPrivateNetworks: boolean;
}

export interface N8nAnswer {
  /** Nothing was sent: the address is on a private network and the server does not allow that. */
  isBlocked: boolean;
  ok: boolean;
  status: number | null;
  statusText: string;
  startedAt: Date;
  durationMs: number;
  body: Buffer;
  isTruncated: boolean;
  /** Why it failed, in words for the screen: "HTTP 500: Internal Server Error" or why no answer came. */
  error: string | null;
}

/**
 * n8n's own words in an answer that failed — its JSON `message` ("Authorization data is wrong!", "The requested webhook
 * … is not registered."), else the start of its text — for the screens and the document's failure; null when empty.
 */
export function n8nReason(body: Buffer): string | null {
  const text = body.toString('utf8').trim();
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (parsed && typeof parsed === 'object' && typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message.trim().slice(0, 300);
    if (parsed && typeof parsed === 'object') return null;
  } catch {
    // Not JSON: its text is the reason.
  }
  return text.replace(/\s+/g, ' ').slice(0, 200);
}

/** A failed answer's error with n8n's own words when it sent some: `HTTP 403: Forbidden (n8n: "Authorization data is wrong!")`. */
export function failureWithReason(answer: Pick<N8nAnswer, 'error' | 'status' | 'body'>): string | null {
  if (!answer.error) return null;
  const reason = answer.status === null ? null : n8nReason(answer.body);
  return reason ? `${answer.error} (n8n: "${reason}")` : answer.error;
}

/** One request to n8n through the SSRF guard (lib/safe-request). Never throws for what n8n or the network did. */
export async function exchangeWithN8n(exchange: N8nExchange): Promise<N8nAnswer> {
  const hasBody = exchange.method !== 'GET' && exchange.body !== undefined;
  const headers: Record<string, string> = {
    'user-agent': 'Parley-n8n/1.0',
    accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
    // Spec §7: JSON content type (sent with GET too: harmless, and what the spec's call did).
    'content-type': 'application/json',
    ...(exchange.bearer ? { authorization: `Bearer ${exchange.bearer}` } : {}),
    ...exchange.headers,
  };
  const startedAt = new Date();
  const started = performance.now();
  try {
    const response = await safeRequest(exchange.url, {
      method: exchange.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(exchange.body) } : {}),
      timeoutMs: exchange.timeoutMs,
      maxBytes: exchange.maxBytes,
      allowPrivateNetworks: exchange.allowPrivateNetworks,
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      isBlocked: false,
      ok,
      status: response.status,
      statusText: response.statusText,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      body: response.body,
      isTruncated: response.isTruncated,
      error: ok ? null : `HTTP ${response.status}: ${response.statusText || 'no status text'}`,
    };
  } catch (error) {
    if (!(error instanceof FetchGuardError)) throw error;
    return {
      isBlocked: error instanceof BlockedAddressError,
      ok: false,
      status: null,
      statusText: '',
      startedAt,
      durationMs: Math.round(performance.now() - started),
      body: Buffer.alloc(0),
      isTruncated: false,
      // A refused address names the setting that allows it (the document's fallback reason shows it on Monitoring).
      error: error instanceof BlockedAddressError ? N8N_MESSAGES.privateAddress : error.message,
    };
  }
}

/** Sends and records in one go (the record in its own short transaction). Blocked requests are not recorded: nothing was sent. */
export async function exchangeAndRecord(
  db: Db,
  exchange: N8nExchange,
  record: Pick<N8nRequestRecord, 'kind' | 'workflowId' | 'endpointId' | 'routingRuleId' | 'actorId'>,
  /** The failure of an answer, or null when it succeeded; by default any non-2xx or missing answer. */
  judge: (answer: N8nAnswer) => string | null = (answer) => answer.error,
): Promise<N8nAnswer> {
  const answer = await exchangeWithN8n(exchange);
  if (answer.isBlocked) return answer;
  // The caller may judge an HTTP 200 a failure too (an ingestion answer without chunks).
  const error = judge(answer);
  const judged = { ...answer, ok: error === null, error };
  await db.transaction((tx) =>
    recordN8nRequest(tx, {
      ...record,
      method: exchange.method,
      url: exchange.url,
      startedAt: answer.startedAt,
      durationMs: answer.durationMs,
      status: judged.ok ? 'success' : 'error',
      httpStatus: answer.status,
      error,
    }),
  );
  return judged;
}
