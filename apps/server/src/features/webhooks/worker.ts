import { and, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { DELIVERY_BATCH, runDueWebhookDeliveries, type DeliveryDeps } from './delivery';

/** How often an idle node looks for due deliveries (one indexed query). A full round is followed by another at once. */
const POLL_INTERVAL_MS = 1000;
/** Events and their delivery log are kept this long once nothing about them is still open. */
export const WEBHOOK_RETENTION_DAYS = 30;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1000;

/** Deletes events older than the retention whose deliveries are all finished (their deliveries go with them). */
export async function pruneWebhookEvents(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const stale = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(webhookDeliveries)
            .where(and(sql`${webhookDeliveries.eventId} = ${webhookEvents.id}`, inArray(webhookDeliveries.status, ['pending', 'failed']))),
        ),
      ),
    )
    .limit(PRUNE_BATCH);
  const deleted = await db.delete(webhookEvents).where(inArray(webhookEvents.id, stale)).returning({ id: webhookEvents.id });
  return deleted.length;
}

/**
 * Every node with background work runs this loop: claimed rows are leased, so nodes share the work without
 * coordination, and a node that stops leaves its in-flight deliveries to the others after the lease. Returns what
 * stops the loop once the round in flight has finished.
 */
export function startWebhookDeliveryWorker(app: FastifyInstance): () => Promise<void> {
  const deps: DeliveryDeps = {
    db: app.db,
    secretKey: app.config.secretKey,
    allowPrivateNetworks: app.config.fetch.allowPrivateNetworks,
    log: app.log,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastPrune = 0;

  const round = async () => {
    try {
      while (!stopped && (await runDueWebhookDeliveries(deps)) === DELIVERY_BATCH) {
        /* a full batch: more may be due */
      }
      if (!stopped && Date.now() - lastPrune >= PRUNE_INTERVAL_MS) {
        lastPrune = Date.now();
        const pruned = await pruneWebhookEvents(app.db);
        if (pruned > 0) app.log.info({ pruned }, 'old webhook events removed');
      }
    } catch (error) {
      app.log.error({ err: error }, 'webhook delivery round failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, POLL_INTERVAL_MS);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
