import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { systemConfiguration } from '../db/schema/index';
import type { Realtime } from '../lib/realtime';

export type SystemSettings = Readonly<typeof systemConfiguration.$inferSelect>;

/** Realtime topic announcing a saved configuration; every node drops its cached copy. */
export const SYSTEM_CONFIGURATION_TOPIC = 'system-configuration';
/**
 * A cached copy is trusted this long even without a notification: the safety net for a node whose
 * realtime listener was reconnecting when a change was announced. Announced changes apply at once.
 */
export const SYSTEM_CONFIGURATION_MAX_AGE_MS = 30_000;

/** The one configuration row (id 1), created with the spec's defaults the first time it is read. */
export async function loadSystemConfiguration(db: Db): Promise<SystemSettings> {
  const [row] = await db.select().from(systemConfiguration).where(eq(systemConfiguration.id, 1));
  if (row) return row;
  const [created] = await db.insert(systemConfiguration).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(systemConfiguration).where(eq(systemConfiguration.id, 1)))[0]!;
}

export interface SystemConfigurationCache {
  get(): Promise<SystemSettings>;
  /** Drops the cached copy (after a save here, or an announcement from another node) and tells the listeners. */
  invalidate(): void;
  /** Called with the new settings after every invalidation. Returns the unsubscribe function. */
  onChange(listener: (settings: SystemSettings) => void): () => void;
  close(): void;
}

/** Caches of the running apps, by database handle (several apps may share one process in tests). */
const caches = new Map<Db, SystemConfigurationCache[]>();

/**
 * One cached copy per process, refreshed when any node saves (through app.realtime: memory,
 * PostgreSQL NOTIFY or Redis), or at the latest after SYSTEM_CONFIGURATION_MAX_AGE_MS.
 */
export function startSystemConfigurationCache(options: { db: Db; realtime: Realtime; log?: FastifyBaseLogger }): SystemConfigurationCache {
  const { db, realtime, log } = options;
  let cached: { value: SystemSettings; at: number } | null = null;
  let loading: Promise<SystemSettings> | null = null;
  // A load that started before an invalidation must not put its (older) answer back in the cache.
  let generation = 0;
  const listeners = new Set<(settings: SystemSettings) => void>();

  const load = (): Promise<SystemSettings> => {
    if (loading) return loading;
    const started = generation;
    const pending = loadSystemConfiguration(db).then(
      (value) => {
        if (started === generation) cached = { value: Object.freeze({ ...value }), at: Date.now() };
        if (loading === pending) loading = null;
        return value;
      },
      (error: unknown) => {
        if (loading === pending) loading = null;
        throw error;
      },
    );
    loading = pending;
    return pending;
  };

  const cache: SystemConfigurationCache = {
    async get() {
      if (cached && Date.now() - cached.at < SYSTEM_CONFIGURATION_MAX_AGE_MS) return cached.value;
      return load();
    },
    invalidate() {
      generation += 1;
      cached = null;
      loading = null;
      if (listeners.size === 0) return;
      load().then(
        (settings) => {
          for (const listener of listeners) listener(settings);
        },
        (error: unknown) => log?.warn({ err: error }, 'system configuration could not be reloaded'),
      );
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      unsubscribe();
      listeners.clear();
      const list = (caches.get(db) ?? []).filter((c) => c !== cache);
      if (list.length) caches.set(db, list);
      else caches.delete(db);
    },
  };
  const unsubscribe = realtime.subscribe(SYSTEM_CONFIGURATION_TOPIC, () => cache.invalidate());
  caches.set(db, [...(caches.get(db) ?? []), cache]);
  return cache;
}

export function systemConfigurationCacheFor(db: Db): SystemConfigurationCache | undefined {
  return caches.get(db)?.at(-1);
}

/**
 * The system configuration as the running server uses it: the process's cached copy when the app
 * runs, otherwise a read. Ingestion (document size, chunking for new chatbots), the ingestion worker
 * (concurrency, queue timeout) and webhook delivery read it here.
 */
export async function readSystemConfiguration(db: Db): Promise<SystemSettings> {
  const cache = systemConfigurationCacheFor(db);
  return cache ? cache.get() : loadSystemConfiguration(db);
}

/** Outbound webhook delivery's settings (spec part 2 §3 "System configuration"). */
export interface WebhookDeliverySettings {
  timeoutSeconds: number;
  retryCount: number;
  rateLimitPerMinute: number;
}

export async function readWebhookDeliverySettings(db: Db): Promise<WebhookDeliverySettings> {
  const settings = await readSystemConfiguration(db);
  return {
    timeoutSeconds: settings.globalWebhookTimeoutSeconds,
    retryCount: settings.globalWebhookRetryCount,
    rateLimitPerMinute: settings.webhookRateLimitPerMinute,
  };
}

/** After a save: this node forgets at once; the others when the announcement reaches them. */
export async function announceSystemConfigurationChange(db: Db, realtime: Realtime): Promise<void> {
  for (const cache of caches.get(db) ?? []) cache.invalidate();
  await realtime.publish(SYSTEM_CONFIGURATION_TOPIC, { at: Date.now() });
}
