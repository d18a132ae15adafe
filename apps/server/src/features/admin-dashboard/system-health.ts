import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { INDEXED_DIMENSIONS } from '../../db/vector';
import { runHealthProbe } from '../health/prober';

type Status = 'healthy' | 'warning' | 'error';

/** Which index vector search uses; on PostgreSQL, whether the half-precision indexes are built yet (decisions §52). */
function vectorSearchDetail(database: Database): string {
  if (database.vectorSearch !== 'pgvector') return 'pgvector is not installed: exact search over real[]';
  if (database.driver === 'pglite') return 'pgvector with HNSW indexes';
  const half = database.vectorIndexes.halfPrecisionSizes();
  const building = INDEXED_DIMENSIONS.filter((n) => !half.includes(n));
  return building.length === 0
    ? 'pgvector with half-precision HNSW indexes'
    : `pgvector with HNSW indexes; half-precision ones are being built in the background for ${building.join(' and ')} dimensions`;
}

/** The System Health list: each item is a real check of something this install depends on. */
export async function systemHealth(app: FastifyInstance): Promise<{ items: { name: string; status: Status; detail: string }[] }> {
  const items: { name: string; status: Status; detail: string }[] = [];

  // Not recorded: uptime and the health page count only the scheduled 30 s probes.
  const probe = await runHealthProbe(app.db, { record: false });
  items.push({
    name: 'Database',
    status: probe.error ? 'error' : probe.isHealthy ? 'healthy' : 'warning',
    detail: probe.error
      ? 'The database did not answer'
      : `${app.database.driver === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} answered in ${probe.responseTimeMs} ms`,
  });

  items.push({ name: 'Vector search', status: app.database.vectorSearch === 'pgvector' ? 'healthy' : 'warning', detail: vectorSearchDetail(app.database) });

  if (app.jobs) {
    try {
      const stats = await app.jobs.stats();
      items.push({
        name: 'Job queue',
        status: stats.failedLast24h > 0 ? 'warning' : 'healthy',
        detail: `${stats.queued} queued, ${stats.active} running, ${stats.failedLast24h} failed in the last 24 hours`,
      });
    } catch {
      items.push({ name: 'Job queue', status: 'error', detail: 'The job queue did not answer' });
    }
  } else {
    items.push({ name: 'Job queue', status: 'warning', detail: 'Background work does not run in this process' });
  }

  items.push(
    app.config.smtp
      ? { name: 'E-mail', status: 'healthy', detail: `SMTP relay ${app.config.smtp.host}:${app.config.smtp.port}` }
      : { name: 'E-mail', status: 'warning', detail: 'No SMTP relay configured: e-mail is kept in the outbox and the server log' },
  );

  items.push(
    app.config.oidc
      ? { name: 'Single sign-on', status: 'healthy', detail: `OpenID Connect provider ${new URL(app.config.oidc.issuer).host}` }
      : { name: 'Single sign-on', status: 'healthy', detail: 'Not configured (e-mail and password sign-in only)' },
  );

  return { items };
}
