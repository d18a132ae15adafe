import { hostname } from 'node:os';
import { HEALTH_PROBE_HEALTHY_MS } from '@parley/shared/constants';
import { desc, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { healthProbes, organizations } from '../../db/schema/index';

export const HEALTH_PROBE_INTERVAL_MS = 30_000;
export const RESPONSE_TIMES_KEPT = 100;
const STRESS_AVERAGE_MS = 2000;
const STRESS_SUCCESS_RATE = 95;
const PROBE_RETENTION_DAYS = 35;

/** At most a day of probes (at 30 s) waits in memory for the database to come back. */
export const PROBE_BACKLOG_MAX = 2880;
export type ProbeRecord = typeof healthProbes.$inferInsert;

/**
 * Spec part 1 §4 "Health": read one organization id; healthy when there is no error
 * and it takes under 5 s. The result is recorded for uptime and the health page. A result that cannot be recorded
 * (the database is what failed) waits in `backlog` and is written with the next one that can, at its own time, so
 * an outage shows in the uptime and the success rate instead of leaving no trace.
 */
export async function runHealthProbe(
  db: Db,
  options: { record: boolean; node?: string; backlog?: ProbeRecord[] } = { record: true },
): Promise<{ responseTimeMs: number; isHealthy: boolean; error: string | null }> {
  const started = performance.now();
  let error: string | null = null;
  try {
    await db.select({ id: organizations.id }).from(organizations).limit(1);
  } catch (e) {
    error = e instanceof Error ? e.message.slice(0, 300) : 'probe failed';
  }
  const responseTimeMs = Math.round((performance.now() - started) * 100) / 100;
  const isHealthy = !error && responseTimeMs < HEALTH_PROBE_HEALTHY_MS;
  if (!options.record) return { responseTimeMs, isHealthy, error };
  const record: ProbeRecord = { node: options.node ?? hostname(), checkedAt: new Date(), responseTimeMs, isHealthy, error };
  const backlog = options.backlog ?? [];
  try {
    await db.insert(healthProbes).values([...backlog, record]);
    backlog.length = 0;
  } catch {
    // The database is what failed: kept for the next probe that can write (the oldest go past a day).
    backlog.push(record);
    if (backlog.length > PROBE_BACKLOG_MAX) backlog.splice(0, backlog.length - PROBE_BACKLOG_MAX);
  }
  return { responseTimeMs, isHealthy, error };
}

/** Last 100 response times, success rate and stress flags (average > 2 s, success < 95 %, unhealthy probe). */
export async function healthMonitor(db: Db) {
  const rows = await db.select().from(healthProbes).orderBy(desc(healthProbes.checkedAt)).limit(RESPONSE_TIMES_KEPT);
  const probes = rows.reverse().map((r) => ({ checkedAt: r.checkedAt.toISOString(), responseTimeMs: r.responseTimeMs, isHealthy: r.isHealthy, node: r.node }));
  const average = probes.length ? probes.reduce((s, p) => s + p.responseTimeMs, 0) / probes.length : 0;
  const successRate = probes.length ? (probes.filter((p) => p.isHealthy).length / probes.length) * 100 : 100;
  const last = probes.at(-1);
  const reasons: string[] = [];
  if (average > STRESS_AVERAGE_MS) reasons.push(`Average response time ${Math.round(average)} ms is above ${STRESS_AVERAGE_MS} ms`);
  if (successRate < STRESS_SUCCESS_RATE) reasons.push(`Success rate ${successRate.toFixed(1)}% is below ${STRESS_SUCCESS_RATE}%`);
  if (last && !last.isHealthy) reasons.push('The latest probe was unhealthy');
  return {
    probes,
    averageResponseTimeMs: Math.round(average * 100) / 100,
    successRate: Math.round(successRate * 10) / 10,
    lastProbeHealthy: last ? last.isHealthy : null,
    isStressed: reasons.length > 0,
    stressReasons: reasons,
  };
}

/** Probes every 30 s while the process runs (started by main.ts, not by tests); returns what stops it. */
export function startHealthProber(app: FastifyInstance, intervalMs = HEALTH_PROBE_INTERVAL_MS): () => void {
  let running = false;
  const backlog: ProbeRecord[] = [];
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runHealthProbe(app.db, { record: true, backlog });
      const cutoff = new Date(Date.now() - PROBE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      await app.db.delete(healthProbes).where(lt(healthProbes.checkedAt, cutoff));
    } catch (error) {
      app.log.warn({ err: error }, 'health probe failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
