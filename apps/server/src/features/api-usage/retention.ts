import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { apiRequests, cspViolationReports, cspViolations, rateLimitHits } from '../../db/schema/index';

/**
 * Request, refusal and CSP-report rows are kept this long (the widest window shown is 7 days), and a CSP violation
 * group no report has added to in as long goes with them.
 */
export const API_USAGE_RETENTION_DAYS = 30;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Deletes rows older than the retention; idempotent, so every node may run it. Returns the rows removed. */
export async function deleteExpiredUsage(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - API_USAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await Promise.all([
    db.delete(apiRequests).where(lt(apiRequests.createdAt, before)).returning({ id: apiRequests.id }),
    db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before)).returning({ id: rateLimitHits.id }),
    db.delete(cspViolationReports).where(lt(cspViolationReports.createdAt, before)).returning({ id: cspViolationReports.id }),
    db.delete(cspViolations).where(lt(cspViolations.lastSeenAt, before)).returning({ id: cspViolations.id }),
  ]);
  return removed.reduce((total, rows) => total + rows.length, 0);
}

/** Hourly sweep on a running server (and once shortly after start). */
export function startApiUsageRetention(app: FastifyInstance): void {
  const sweep = () =>
    deleteExpiredUsage(app.db)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'expired API usage rows deleted'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'API usage retention sweep failed'));
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
