import { isIP } from 'node:net';
import {
  WEBHOOK_CONFIGS_MAX,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type createWebhookConfigBodySchema,
  type updateWebhookConfigBodySchema,
  type WebhookConfig,
  type WebhookConfigList,
  type WebhookConfigWithSecret,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryList,
  type webhookDeliveryQuerySchema,
} from '@parley/shared/contracts/webhooks';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { webhookConfigs, webhookDeliveries, webhookDeliveryAttempts, webhookEvents } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { SecretDecryptionError } from '../../lib/secrets';
import { isPrivateAddress } from '../../lib/private-address';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { readWebhookDeliverySettings } from '../../services/system-configuration';
import { generateWebhookSecret, webhookSecretBox, webhookSecretHint } from './signing';

/**
 * Webhook configurations of one owner: an organization (its admins: permission 'webhooks.manage') or, with `null`, the
 * installation (staff, system_admin). Nobody sees or changes another owner's configurations: they are "not found".
 */
export type WebhookOwner = string | null;

type ConfigRow = typeof webhookConfigs.$inferSelect;
export interface WebhookActor {
  userId: string;
  context: RequestContext;
}

export const ownerCondition = (owner: WebhookOwner): SQL => (owner === null ? isNull(webhookConfigs.organizationId) : eq(webhookConfigs.organizationId, owner));

/** Staff changes go to the admin activity log, in the same transaction as the change. */
async function logStaffChange(db: Db, owner: WebhookOwner, actor: WebhookActor, action: string, configId: string, details: Record<string, unknown>) {
  if (owner !== null) return;
  await logAdminActivity(db, { action, resourceType: 'webhook_config', resourceId: configId, adminUserId: actor.userId, details }, actor.context);
}

/** Where a configuration sends, for logs: no credentials or query string. */
const endpointForLog = (value: string) => {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`;
};

/** An IP literal on a private network is refused when saved; host names are checked at every connection. */
function assertPublicUrl(value: string, allowPrivateNetworks: boolean): void {
  if (allowPrivateNetworks) return;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new AppError('VALIDATION_ERROR', WEBHOOK_MESSAGES.privateAddress);
}

async function lastDeliveryOf(db: Db, configId: string): Promise<WebhookConfig['lastDelivery']> {
  const [row] = await db
    .select({
      status: webhookDeliveries.status,
      type: webhookEvents.type,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      statusCode: webhookDeliveries.lastStatusCode,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.configId, configId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1);
  if (!row) return null;
  return { status: row.status, eventType: row.type, at: (row.lastAttemptAt ?? row.createdAt).toISOString(), statusCode: row.statusCode };
}

function toWebhookConfig(row: ConfigRow, lastDelivery: WebhookConfig['lastDelivery'], now = new Date()): WebhookConfig {
  const previousValid = row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    url: row.url,
    eventTypes: row.eventTypes,
    isActive: row.isActive,
    secretHint: row.secretHint,
    previousSecretExpiresAt: previousValid ? row.previousSecretExpiresAt!.toISOString() : null,
    retryCount: row.retryCount,
    timeoutSeconds: row.timeoutSeconds,
    headers: row.headers,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    lastDelivery,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findWebhookConfig(db: Db, owner: WebhookOwner, id: string, options: { forUpdate?: boolean } = {}): Promise<ConfigRow> {
  const query = db
    .select()
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.id, id), ownerCondition(owner)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return row;
}

async function describeConfig(db: Db, row: ConfigRow): Promise<WebhookConfig> {
  return toWebhookConfig(row, await lastDeliveryOf(db, row.id));
}

/** Spec: newest first. At most WEBHOOK_CONFIGS_MAX per owner, so the list is bounded. */
export async function listWebhookConfigs(db: Db, owner: WebhookOwner): Promise<WebhookConfigList> {
  const rows = await db.select().from(webhookConfigs).where(ownerCondition(owner)).orderBy(desc(webhookConfigs.createdAt)).limit(WEBHOOK_CONFIGS_MAX);
  const items: WebhookConfig[] = [];
  for (const row of rows) items.push(await describeConfig(db, row));
  const settings = await readWebhookDeliverySettings(db);
  return {
    items,
    limits: {
      maxTimeoutSeconds: settings.timeoutSeconds,
      maxRetryCount: settings.retryCount,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      maxConfigurations: WEBHOOK_CONFIGS_MAX,
      disableAfterDays: WEBHOOK_DISABLE_AFTER_DAYS,
    },
  };
}

type CreateInput = z.output<typeof createWebhookConfigBodySchema>;
type UpdateInput = z.output<typeof updateWebhookConfigBodySchema>;

export interface WebhookServiceDeps {
  db: Db;
  secretKey: string;
  allowPrivateNetworks: boolean;
}

/** Creates a configuration; the answer carries the whole signing secret, the only time it is shown. */
export async function createWebhookConfig(
  deps: WebhookServiceDeps,
  owner: WebhookOwner,
  input: CreateInput,
  actor: WebhookActor,
): Promise<WebhookConfigWithSecret> {
  assertPublicUrl(input.url, deps.allowPrivateNetworks);
  const secret = input.secret ?? generateWebhookSecret();
  const box = webhookSecretBox(deps.secretKey);
  const row = await deps.db.transaction(async (tx) => {
    // One owner's creations one at a time, so two at once cannot pass the limit together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`webhook_configs:${owner ?? 'installation'}`}))`);
    const [existing] = await tx.select({ n: count() }).from(webhookConfigs).where(ownerCondition(owner));
    if (Number(existing?.n ?? 0) >= WEBHOOK_CONFIGS_MAX) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookConfigs)
      .values({
        organizationId: owner,
        name: input.name,
        url: input.url,
        eventTypes: input.eventTypes,
        isActive: input.isActive,
        secretEncrypted: box.encrypt(secret),
        secretHint: webhookSecretHint(secret),
        retryCount: input.retryCount,
        timeoutSeconds: input.timeoutSeconds,
        headers: input.headers,
        createdBy: actor.userId,
      })
      .returning();
    await logStaffChange(tx, owner, actor, 'webhook_config_created', created!.id, {
      name: created!.name,
      endpoint: endpointForLog(created!.url),
      event_types: created!.eventTypes,
    });
    return created!;
  });
  return { webhook: toWebhookConfig(row, null), secret };
}

/** Marks the deliveries still waiting for this configuration as given up (it was turned off or gone). */
export async function abandonOpenDeliveries(db: Db, configId: string, reason: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'dead', error: reason, lockedUntil: null })
    .where(and(eq(webhookDeliveries.configId, configId), inArray(webhookDeliveries.status, ['pending', 'failed'])));
}

export async function updateWebhookConfig(
  deps: WebhookServiceDeps,
  owner: WebhookOwner,
  id: string,
  input: UpdateInput,
  actor: WebhookActor,
): Promise<WebhookConfig> {
  if (input.url !== undefined) assertPublicUrl(input.url, deps.allowPrivateNetworks);
  const row = await deps.db.transaction(async (tx) => {
    const current = await findWebhookConfig(tx, owner, id, { forUpdate: true });
    const patch: Partial<typeof webhookConfigs.$inferInsert> = {};
    for (const field of ['name', 'url', 'eventTypes', 'isActive', 'retryCount', 'timeoutSeconds', 'headers'] as const) {
      const value = input[field];
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current[field])) Object.assign(patch, { [field]: value });
    }
    if (Object.keys(patch).length === 0) return current;
    if (patch.isActive === true) Object.assign(patch, { disabledReason: null, failingSince: null });
    const [updated] = await tx
      .update(webhookConfigs)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(webhookConfigs.id, id))
      .returning();
    if (patch.isActive === false) await abandonOpenDeliveries(tx, id, 'Not sent: the webhook was turned off.');
    await logStaffChange(tx, owner, actor, 'webhook_config_updated', id, {
      name: updated!.name,
      changed_fields: Object.keys(patch).filter((field) => field !== 'disabledReason' && field !== 'failingSince'),
    });
    return updated!;
  });
  return describeConfig(deps.db, row);
}

export async function deleteWebhookConfig(db: Db, owner: WebhookOwner, id: string, actor: WebhookActor): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findWebhookConfig(tx, owner, id, { forUpdate: true });
    await tx.delete(webhookConfigs).where(eq(webhookConfigs.id, id));
    await logStaffChange(tx, owner, actor, 'webhook_config_deleted', id, { name: current.name, endpoint: endpointForLog(current.url) });
  });
}

/**
 * A new signing secret (the one given, or generated). The previous one keeps signing, as a second signature, for
 * WEBHOOK_PREVIOUS_SECRET_HOURS, so receivers can switch without losing events.
 */
export async function rotateWebhookSecret(
  deps: WebhookServiceDeps,
  owner: WebhookOwner,
  id: string,
  input: { secret?: string | undefined },
  actor: WebhookActor,
  now: Date = new Date(),
): Promise<WebhookConfigWithSecret> {
  const secret = input.secret ?? generateWebhookSecret();
  const box = webhookSecretBox(deps.secretKey);
  const row = await deps.db.transaction(async (tx) => {
    const current = await findWebhookConfig(tx, owner, id, { forUpdate: true });
    // The replaced secret keeps signing for a while, unless it cannot be opened (sealed under an earlier
    // PARLEY_SECRET_KEY): then only the new one signs, at once.
    const previousOpens = (() => {
      try {
        box.decrypt(current.secretEncrypted);
        return true;
      } catch (error) {
        if (error instanceof SecretDecryptionError) return false;
        throw error;
      }
    })();
    const [updated] = await tx
      .update(webhookConfigs)
      .set({
        secretEncrypted: box.encrypt(secret),
        secretHint: webhookSecretHint(secret),
        previousSecretEncrypted: previousOpens ? current.secretEncrypted : null,
        previousSecretExpiresAt: previousOpens ? new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * 60 * 60 * 1000) : null,
        updatedAt: now,
      })
      .where(eq(webhookConfigs.id, id))
      .returning();
    await logStaffChange(tx, owner, actor, 'webhook_secret_rotated', id, { name: current.name });
    return updated!;
  });
  return { webhook: await describeConfig(deps.db, row), secret };
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string; payload: string };

export function toWebhookDelivery(row: DeliveryRow, attemptLog: WebhookDeliveryAttempt[] = []): WebhookDelivery {
  const isOpen = row.status === 'pending' || row.status === 'failed';
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: isOpen ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    statusCode: row.lastStatusCode,
    latencyMs: row.lastLatencyMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    attemptLog,
  };
}

/** The attempt logs of the given deliveries, each oldest first. */
async function attemptLogs(db: Db, deliveryIds: number[]): Promise<Map<number, WebhookDeliveryAttempt[]>> {
  const logs = new Map<number, WebhookDeliveryAttempt[]>();
  if (deliveryIds.length === 0) return logs;
  const rows = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.id));
  for (const row of rows) {
    const log = logs.get(row.deliveryId) ?? [];
    log.push({
      attemptedAt: row.attemptedAt.toISOString(),
      succeeded: row.succeeded,
      statusCode: row.statusCode,
      latencyMs: row.latencyMs,
      responseExcerpt: row.responseExcerpt,
      error: row.error,
    });
    logs.set(row.deliveryId, log);
  }
  return logs;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  configId: webhookDeliveries.configId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lockedUntil: webhookDeliveries.lockedUntil,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastLatencyMs: webhookDeliveries.lastLatencyMs,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  error: webhookDeliveries.error,
  createdAt: webhookDeliveries.createdAt,
  eventType: webhookEvents.type,
  payload: webhookEvents.payload,
};

export async function readDelivery(db: Db, deliveryId: number): Promise<WebhookDelivery | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ? toWebhookDelivery(row, (await attemptLogs(db, [row.id])).get(row.id)) : null;
}

/** The delivery log of one configuration, newest first, paginated. */
export async function listWebhookDeliveries(
  db: Db,
  owner: WebhookOwner,
  id: string,
  query: z.output<typeof webhookDeliveryQuerySchema>,
): Promise<WebhookDeliveryList> {
  await findWebhookConfig(db, owner, id);
  const where = and(eq(webhookDeliveries.configId, id), query.status ? eq(webhookDeliveries.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const logs = await attemptLogs(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toWebhookDelivery(r, logs.get(r.id))), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * Resend: the event is queued again for this configuration as a new delivery (same webhook-id, so a receiver that
 * already processed it can tell), after the endpoint's earlier deliveries.
 */
export async function resendWebhookDelivery(db: Db, owner: WebhookOwner, id: string, deliveryId: number, actor: WebhookActor): Promise<WebhookDelivery> {
  const createdId = await db.transaction(async (tx) => {
    const config = await findWebhookConfig(tx, owner, id);
    const [original] = await tx
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.configId, id)));
    if (!original) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    if (!config.isActive) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.resendInactive);
    const [created] = await tx.insert(webhookDeliveries).values({ eventId: original.eventId, configId: id }).returning({ id: webhookDeliveries.id });
    await logStaffChange(tx, owner, actor, 'webhook_delivery_resent', id, { name: config.name, event_id: original.eventId, delivery_id: deliveryId });
    return created!.id;
  });
  return (await readDelivery(db, createdId))!;
}
