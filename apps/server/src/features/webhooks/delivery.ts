import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESPONSE_EXCERPT_MAX,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDelivery,
} from '@parley/shared/contracts/webhooks';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookConfigs, webhookDeliveries, webhookDeliveryAttempts, webhookEvents } from '../../db/schema/index';
import { BlockedAddressError, FetchGuardError, sendGuarded, TooManyRedirectsError, type ResolveHost } from '../../lib/safe-request';
import { SecretDecryptionError } from '../../lib/secrets';
import { readWebhookDeliverySettings } from '../../services/system-configuration';
import { webhookBody } from './events';
import { notifyWebhookDisabled } from './notify';
import { abandonOpenDeliveries, findWebhookConfig, readDelivery, type WebhookActor, type WebhookOwner } from './service';
import { newWebhookEventId, signatureHeader, webhookSecretBox } from './signing';
import { logAdminActivity } from '../../services/activity-log';
import { rowsOf } from '../../db/raw-sql';

/**
 * Delivery: a worker on every node claims due deliveries (FOR UPDATE SKIP LOCKED, a lease in locked_until) and
 * sends them signed as Standard Webhooks says. Only the oldest open delivery of each endpoint can be claimed, so an
 * endpoint receives its events in the order they were created, one at a time, and a later event waits while an
 * earlier one is being retried. Everything is in rows: a restart (or a node that dies mid-attempt) loses nothing.
 */

export interface DeliveryDeps {
  db: Db;
  secretKey: string;
  /** ALLOW_PRIVATE_FETCH: operators' development setting; never on in production. */
  allowPrivateNetworks: boolean;
  log?: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How host names resolve at connection time (tests inject a fake DNS). */
  resolveHost?: ResolveHost;
  /** 0 ≤ x < 1, for the jitter (tests fix it). */
  random?: () => number;
}

/** Deliveries one node claims per round. Each is for a different endpoint, so they go out side by side. */
export const DELIVERY_BATCH = 10;
/** A claim's lease is the request's timeout plus this: a node that died mid-attempt is replaced after it. */
const LEASE_MARGIN_SECONDS = 30;
/** Exponential backoff: 10 s, 50 s, ~4 min, ~21 min, ~1.7 h, ~8.7 h, then a day; ±20% jitter. */
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_FACTOR = 5;
const BACKOFF_MAX_MS = 24 * 60 * 60 * 1000;
const JITTER = 0.2;
const RATE_WINDOW_MS = 60_000;
const USER_AGENT = 'Parley-Webhooks/1.0 (+https://www.standardwebhooks.com)';

/** The delay before retry number `retry` (1 = the first retry). */
export function retryDelayMs(retry: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * BACKOFF_FACTOR ** Math.max(0, retry - 1), BACKOFF_MAX_MS);
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/** Retry-After as milliseconds from now (seconds or an HTTP date), bounded to [1 s, 1 day]; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date)) return null;
    ms = date - now.getTime();
  }
  return Math.min(Math.max(ms, 1000), BACKOFF_MAX_MS);
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Claims up to `limit` due deliveries, each the oldest open one of its endpoint (an active configuration), and
 * leases them. Safe on any number of nodes: a row another node is claiming is skipped, and its followers wait.
 */
export async function claimDueDeliveries(db: Db, options: { now: Date; limit: number; maxTimeoutSeconds: number }): Promise<number[]> {
  const { now } = options;
  const result = await db.execute(sql`
    WITH due AS (
      SELECT d.id, least(c.timeout_seconds, ${options.maxTimeoutSeconds}) + ${LEASE_MARGIN_SECONDS} AS lease_seconds
        FROM ${webhookDeliveries} d
        JOIN ${webhookConfigs} c ON c.id = d.config_id
       WHERE d.status IN ('pending', 'failed')
         AND d.next_attempt_at <= ${at(now)}
         AND (d.locked_until IS NULL OR d.locked_until <= ${at(now)})
         AND c.is_active
         AND NOT EXISTS (
           SELECT 1 FROM ${webhookDeliveries} e
            WHERE e.config_id = d.config_id AND e.status IN ('pending', 'failed') AND e.id < d.id)
       ORDER BY d.next_attempt_at, d.id
       LIMIT ${options.limit}
       FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE ${webhookDeliveries} w
       SET locked_until = ${at(now)} + due.lease_seconds * interval '1 second', attempts = w.attempts + 1
      FROM due
     WHERE w.id = due.id
    RETURNING w.id`);
  return rowsOf<{ id: number | string }>(result)
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}

/** The per-minute rate limit of an endpoint, shared by every node: true when this attempt may go now. */
async function takeRateToken(db: Db, configId: string, limit: number, now: Date): Promise<{ allowed: true } | { allowed: false; retryAt: Date }> {
  const windowOver = sql`(${webhookConfigs.rateWindowStartedAt} IS NULL OR ${webhookConfigs.rateWindowStartedAt} <= ${at(new Date(now.getTime() - RATE_WINDOW_MS))})`;
  const taken = await db
    .update(webhookConfigs)
    .set({
      rateWindowStartedAt: sql`CASE WHEN ${windowOver} THEN ${at(now)} ELSE ${webhookConfigs.rateWindowStartedAt} END`,
      rateWindowCount: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${webhookConfigs.rateWindowCount} + 1 END`,
    })
    .where(and(eq(webhookConfigs.id, configId), sql`(${windowOver} OR ${webhookConfigs.rateWindowCount} < ${limit})`))
    .returning({ id: webhookConfigs.id });
  if (taken.length > 0) return { allowed: true };
  const [row] = await db.select({ startedAt: webhookConfigs.rateWindowStartedAt }).from(webhookConfigs).where(eq(webhookConfigs.id, configId));
  return { allowed: false, retryAt: new Date((row?.startedAt ?? now).getTime() + RATE_WINDOW_MS) };
}

type Outcome =
  | { kind: 'answered'; status: number; statusText: string; latencyMs: number; excerpt: string; retryAfter: string | string[] | undefined }
  | { kind: 'error'; message: string; latencyMs: number; isPermanent: boolean };

async function send(deps: DeliveryDeps, request: { url: string; headers: Record<string, string>; body: string; timeoutSeconds: number }): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await sendGuarded(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      timeoutMs: request.timeoutSeconds * 1000,
      allowPrivateNetworks: deps.allowPrivateNetworks,
      // Standard Webhooks: a redirect is a failure; the owner should update the URL.
      maxRedirects: 0,
      ...(deps.resolveHost ? { resolveHost: deps.resolveHost } : {}),
    });
    const { body } = await answer.read(WEBHOOK_RESPONSE_EXCERPT_MAX * 4);
    answer.discard();
    return {
      kind: 'answered',
      status: answer.status,
      statusText: answer.statusText,
      latencyMs: answer.latencyMs,
      excerpt: body.toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX),
      retryAfter: answer.headers['retry-after'],
    };
  } catch (error) {
    if (error instanceof BlockedAddressError) return { kind: 'error', message: WEBHOOK_MESSAGES.privateAddress, latencyMs: elapsed(), isPermanent: true };
    if (error instanceof TooManyRedirectsError)
      return {
        kind: 'error',
        message: 'The endpoint answered with a redirect. Webhooks do not follow redirects: save the final address instead.',
        latencyMs: elapsed(),
        isPermanent: false,
      };
    if (error instanceof FetchGuardError) return { kind: 'error', message: error.message, latencyMs: elapsed(), isPermanent: false };
    throw error;
  }
}

async function loadClaimed(db: Db, deliveryId: number) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      status: webhookDeliveries.status,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
      payload: webhookEvents.payload,
      config: webhookConfigs,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookConfigs, eq(webhookConfigs.id, webhookDeliveries.configId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof loadClaimed>>>;

/** Turns a configuration off (410 Gone, failing for days), gives up its waiting deliveries and tells its owners. */
async function disableWebhook(db: Db, config: Claimed['config'], reason: string, now: Date): Promise<void> {
  const [off] = await db
    .update(webhookConfigs)
    .set({ isActive: false, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookConfigs.id, config.id), eq(webhookConfigs.isActive, true)))
    .returning();
  if (!off) return;
  await abandonOpenDeliveries(db, config.id, `Not sent: the webhook was turned off. ${reason}`);
  await notifyWebhookDisabled(db, off, reason);
}

/** Records an attempt's outcome; the attempt count fences out a node whose lease ran out meanwhile. */
async function recordOutcome(deps: DeliveryDeps, claimed: Claimed, outcome: Outcome, startedAt: Date, retryCount: number): Promise<void> {
  const clock = deps.now ?? (() => new Date());
  const now = clock();
  const isTest = claimed.eventType === WEBHOOK_TEST_EVENT_TYPE;
  const succeeded = outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;
  const isGone = outcome.kind === 'answered' && outcome.status === 410;
  const recorded = {
    lastAttemptAt: startedAt,
    lastStatusCode: outcome.kind === 'answered' ? outcome.status : null,
    lastLatencyMs: outcome.latencyMs,
    responseExcerpt: outcome.kind === 'answered' ? outcome.excerpt : null,
    lockedUntil: null,
  };
  const fence = and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attempts, claimed.attempts));
  // The attempt joins the delivery's log with the outcome, only when this node still held it (the fence).
  const logAttempt = (tx: Db, error: string | null) =>
    tx.insert(webhookDeliveryAttempts).values({
      deliveryId: claimed.id,
      attemptedAt: startedAt,
      succeeded,
      statusCode: recorded.lastStatusCode,
      latencyMs: recorded.lastLatencyMs,
      responseExcerpt: recorded.responseExcerpt,
      error,
    });
  await deps.db.transaction(async (tx) => {
    if (succeeded) {
      const done = await tx
        .update(webhookDeliveries)
        .set({ ...recorded, status: 'succeeded', error: null })
        .where(fence)
        .returning({ id: webhookDeliveries.id });
      if (done.length > 0) await logAttempt(tx, null);
      if (done.length > 0 && !isTest)
        await tx
          .update(webhookConfigs)
          .set({ failingSince: null })
          .where(and(eq(webhookConfigs.id, claimed.config.id), isNotNull(webhookConfigs.failingSince)));
      return;
    }
    const error =
      outcome.kind === 'error'
        ? outcome.message
        : isGone && !isTest
          ? 'The endpoint answered 410 Gone: it no longer wants these events, so the webhook was turned off.'
          : `The endpoint answered HTTP ${outcome.status}${outcome.statusText ? ` ${outcome.statusText}` : ''}.`;
    const isFinal = isGone || (outcome.kind === 'error' && outcome.isPermanent) || claimed.attempts > retryCount;
    let nextAttemptAt: Date | undefined;
    if (!isFinal) {
      const honoured = outcome.kind === 'answered' && (outcome.status === 429 || outcome.status === 503) ? retryAfterMs(outcome.retryAfter, now) : null;
      nextAttemptAt = new Date(now.getTime() + (honoured ?? retryDelayMs(claimed.attempts, deps.random)));
    }
    const done = await tx
      .update(webhookDeliveries)
      .set({ ...recorded, status: isFinal ? 'dead' : 'failed', error, ...(nextAttemptAt ? { nextAttemptAt } : {}) })
      .where(fence)
      .returning({ id: webhookDeliveries.id });
    if (done.length > 0) await logAttempt(tx, error);
    // A test tells the owner how the endpoint answers; it does not change the endpoint's standing.
    if (done.length === 0 || isTest) return;
    if (isGone) return disableWebhook(tx, claimed.config, 'The endpoint answered 410 Gone.', now);
    const [standing] = await tx
      .update(webhookConfigs)
      .set({ failingSince: sql`coalesce(${webhookConfigs.failingSince}, ${at(startedAt)})` })
      .where(eq(webhookConfigs.id, claimed.config.id))
      .returning({ failingSince: webhookConfigs.failingSince });
    const limitMs = WEBHOOK_DISABLE_AFTER_DAYS * 24 * 60 * 60 * 1000;
    if (standing?.failingSince && now.getTime() - standing.failingSince.getTime() >= limitMs) {
      await disableWebhook(tx, claimed.config, `It has failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days without a successful delivery.`, now);
    }
  });
}

/** Sends one claimed delivery and records the outcome (or postpones it when the endpoint's rate limit is reached). */
export async function attemptClaimedDelivery(deps: DeliveryDeps, deliveryId: number): Promise<void> {
  const clock = deps.now ?? (() => new Date());
  const claimed = await loadClaimed(deps.db, deliveryId);
  if (!claimed || (claimed.status !== 'pending' && claimed.status !== 'failed')) return;
  const { config } = claimed;
  const isTest = claimed.eventType === WEBHOOK_TEST_EVENT_TYPE;
  const settings = await readWebhookDeliverySettings(deps.db);
  const startedAt = clock();
  if (!isTest) {
    const token = await takeRateToken(deps.db, config.id, settings.rateLimitPerMinute, startedAt);
    if (!token.allowed) {
      // Not an attempt: given back, to go when the endpoint's minute is over.
      await deps.db
        .update(webhookDeliveries)
        .set({ lockedUntil: null, attempts: sql`${webhookDeliveries.attempts} - 1`, nextAttemptAt: token.retryAt })
        .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attempts, claimed.attempts)));
      return;
    }
  }
  // The installation's settings cap each configuration's own (System Configuration → Webhook Management).
  const timeoutSeconds = Math.min(config.timeoutSeconds, settings.timeoutSeconds);
  const retryCount = isTest ? 0 : Math.min(config.retryCount, settings.retryCount);
  // Every claim counts an attempt: more than the retries allow means attempts were cut short (a node stopped
  // mid-request, again and again). Given up, so one delivery cannot hold its endpoint's queue for ever.
  if (claimed.attempts > retryCount + 1) {
    // 'failed': its last attempt was made and failed, and the retry count was lowered since (the webhook's, or the
    // installation's cap). Otherwise the attempts were claimed and never finished.
    const message =
      claimed.status === 'failed'
        ? `No retries left: the retry count was lowered to ${retryCount} while this delivery waited to be tried again.`
        : 'The delivery was interrupted repeatedly (the server stopped while sending it) and was given up.';
    return recordOutcome(deps, claimed, { kind: 'error', message, latencyMs: 0, isPermanent: true }, startedAt, retryCount);
  }
  const box = webhookSecretBox(deps.secretKey);
  let secrets: string[];
  try {
    secrets = [box.decrypt(config.secretEncrypted)];
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    // PARLEY_SECRET_KEY changed since the secret was sealed: nothing can be signed until the secret is rotated.
    const message = 'The signing secret of this webhook cannot be opened with this server’s PARLEY_SECRET_KEY. Rotate the secret to send again.';
    return recordOutcome(deps, claimed, { kind: 'error', message, latencyMs: 0, isPermanent: true }, startedAt, retryCount);
  }
  if (config.previousSecretEncrypted && config.previousSecretExpiresAt && config.previousSecretExpiresAt > startedAt) {
    // The secret a rotation replaced signs too for a while. One that cannot be opened any more (sealed under an
    // earlier PARLEY_SECRET_KEY, the reason the secret was rotated) is left out rather than stopping the delivery.
    try {
      secrets.push(box.decrypt(config.previousSecretEncrypted));
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
    }
  }
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const outcome = await send(deps, {
    url: config.url,
    timeoutSeconds,
    body: claimed.payload,
    headers: {
      ...config.headers,
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': claimed.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, claimed.eventId, timestamp, claimed.payload),
    },
  });
  await recordOutcome(deps, claimed, outcome, startedAt, retryCount);
}

/** One round of this node's worker: claim what is due and send it. Returns how many were claimed. */
export async function runDueWebhookDeliveries(deps: DeliveryDeps, options: { limit?: number } = {}): Promise<number> {
  const clock = deps.now ?? (() => new Date());
  const settings = await readWebhookDeliverySettings(deps.db);
  const ids = await claimDueDeliveries(deps.db, { now: clock(), limit: options.limit ?? DELIVERY_BATCH, maxTimeoutSeconds: settings.timeoutSeconds });
  await Promise.all(
    ids.map((id) =>
      attemptClaimedDelivery(deps, id).catch((error: unknown) => {
        // The lease runs out and the delivery is claimed again: nothing is lost.
        deps.log?.error({ err: error, deliveryId: id }, 'webhook delivery attempt failed');
      }),
    ),
  );
  return ids.length;
}

/**
 * The Test button: a webhook.test event for this configuration only, sent at once and logged as a delivery
 * (one attempt, no retries; it does not change the endpoint's standing). Returns the delivery as recorded.
 */
export async function sendTestWebhook(deps: DeliveryDeps, owner: WebhookOwner, configId: string, actor: WebhookActor): Promise<WebhookDelivery> {
  const clock = deps.now ?? (() => new Date());
  const now = clock();
  const settings = await readWebhookDeliverySettings(deps.db);
  const deliveryId = await deps.db.transaction(async (tx) => {
    const config = await findWebhookConfig(tx, owner, configId);
    const eventId = newWebhookEventId();
    await tx.insert(webhookEvents).values({
      id: eventId,
      organizationId: owner,
      type: WEBHOOK_TEST_EVENT_TYPE,
      payload: webhookBody(WEBHOOK_TEST_EVENT_TYPE, now, {
        organizationId: owner,
        webhookId: config.id,
        message: 'This is a test event from Parley. If your endpoint verified its signature, your webhook is ready.',
      }),
    });
    const leaseSeconds = Math.min(config.timeoutSeconds, settings.timeoutSeconds) + LEASE_MARGIN_SECONDS;
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ eventId, configId, attempts: 1, nextAttemptAt: now, lockedUntil: new Date(now.getTime() + leaseSeconds * 1000) })
      .returning({ id: webhookDeliveries.id });
    if (owner === null) {
      await logAdminActivity(
        tx,
        { action: 'webhook_tested', resourceType: 'webhook_config', resourceId: configId, adminUserId: actor.userId, details: { name: config.name } },
        actor.context,
      );
    }
    return delivery!.id;
  });
  await attemptClaimedDelivery(deps, deliveryId);
  return (await readDelivery(deps.db, deliveryId))!;
}
