import { SYSTEM_KEY_SERVICE_LABELS, SYSTEM_KEY_SERVICES } from '@parley/shared/constants';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { emailOutbox, systemApiKeys } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import { describeNodes, liveNodes, type LiveNodes, runHealthProbe, REDIS_AWAY, redisUnreachable } from '../health/index';

type Status = 'healthy' | 'warning' | 'error';

/** Which index vector search uses; on PostgreSQL, whether the half-precision indexes are built yet (decisions/0005-vector-search.md). */
function vectorSearchDetail(database: Database): string {
  if (database.vectorSearch !== 'pgvector') return 'pgvector is not installed: exact search over real[]';
  if (database.driver === 'pglite') return 'pgvector with HNSW indexes';
  const half = database.vectorIndexes.halfPrecisionSizes();
  const building = database.vectorIndexes.sizes().filter((n) => !half.includes(n));
  return building.length === 0
    ? 'pgvector with half-precision HNSW indexes'
    : `pgvector with HNSW indexes; half-precision ones are being built in the background for ${building.join(' and ')} dimensions`;
}

interface Item {
  name: string;
  status: Status;
  detail: string;
}

/** "3 minutes ago", "40 seconds ago". */
function ago(date: Date): string {
  const seconds = Math.max(0, Math.round((Date.now() - date.getTime()) / 1000));
  if (seconds < 120) return `${seconds} seconds ago`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} minutes ago` : `${Math.round(minutes / 60)} hours ago`;
}

/** The nodes of a PostgreSQL installation seen lately (decisions/0006-health-and-system-health.md): an error when none runs the background work. */
function nodesItem({ byRole, lastBackgroundNodeSeenAt }: LiveNodes): Item {
  if (byRole.worker + byRole.all > 0) return { name: 'Nodes', status: 'healthy', detail: describeNodes(byRole) };
  return {
    name: 'Nodes',
    status: 'error',
    detail:
      `${describeNodes(byRole)}; none runs background work (PARLEY_ROLE=worker or all), so documents, e-mails and webhooks wait in the queue` +
      (lastBackgroundNodeSeenAt ? ` (one was last seen ${ago(lastBackgroundNodeSeenAt)})` : ''),
  };
}

/**
 * The processes of this installation and the Redis they share: an error when this node cannot reach the Redis it
 * was given, a warning when several nodes without Redis count rate limits alone.
 */
async function deploymentItems(app: FastifyInstance, rateLimiter: RateLimiter): Promise<Item[]> {
  // The embedded database serves one process; PostgreSQL's nodes say they are alive in server_nodes.
  const nodes = app.database.driver === 'postgres' ? await liveNodes(app.db) : null;
  const items: Item[] = [
    nodes
      ? nodesItem(nodes)
      : { name: 'Nodes', status: 'healthy', detail: 'One process on the embedded database: it serves requests and runs background work' },
  ];
  if (app.config.redisUrl) {
    items.push(
      redisUnreachable(app, rateLimiter)
        ? { name: 'Redis', status: 'error', detail: `Unreachable from this node: ${REDIS_AWAY}` }
        : { name: 'Redis', status: 'healthy', detail: 'Shared by every node: rate limits, caches and live updates' },
    );
  } else if (nodes) {
    items.push(
      nodes.byRole.api + nodes.byRole.worker + nodes.byRole.all > 1
        ? {
            name: 'Redis',
            status: 'warning',
            detail: 'Not configured: live updates cross nodes through PostgreSQL, but each node counts rate limits alone (set REDIS_URL)',
          }
        : { name: 'Redis', status: 'healthy', detail: 'Not configured: one node needs none (live updates go through PostgreSQL)' },
    );
  }
  return items;
}

/** How long a queued message may wait before System Health says so: its first retries are done by then. */
const EMAIL_LATE_MINUTES = 10;

/**
 * The relay, and the messages it has not taken: a warning when one failed for good in the last 24 hours or one has
 * waited over ten minutes (the e-mail job retries for two hours, decisions/0004-email-delivery.md), with the last error the relay gave.
 */
async function emailItem(app: FastifyInstance): Promise<Item> {
  const smtp = app.config.smtp;
  if (!smtp) return { name: 'E-mail', status: 'warning', detail: 'No SMTP relay configured: e-mail is kept in the outbox and the server log' };
  const relay = `SMTP relay ${smtp.host}:${smtp.port}`;
  const [unsent] = await app.db
    .select({
      late: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending' and ${emailOutbox.createdAt} < now() - make_interval(mins => ${EMAIL_LATE_MINUTES}))::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
      lastError: sql<
        string | null
      >`(array_agg(${emailOutbox.lastError} order by ${emailOutbox.createdAt} desc) filter (where ${emailOutbox.lastError} is not null))[1]`,
    })
    .from(emailOutbox)
    .where(sql`${emailOutbox.status} = 'pending' or (${emailOutbox.status} = 'failed' and ${emailOutbox.createdAt} > now() - interval '24 hours')`);
  const { late = 0, failed = 0, lastError = null } = unsent ?? {};
  if (late === 0 && failed === 0) return { name: 'E-mail', status: 'healthy', detail: relay };
  const counts = [
    late > 0 ? `${late} e-mail${late === 1 ? '' : 's'} waiting over ${EMAIL_LATE_MINUTES} minutes` : null,
    failed > 0 ? `${failed} not sent in the last 24 hours` : null,
  ].filter(Boolean);
  return { name: 'E-mail', status: 'warning', detail: `${relay}: ${counts.join(', ')}${lastError ? ` (last error: ${lastError.slice(0, 200)})` : ''}` };
}

/**
 * Whether chatbots can answer with a real model (providers/ai/models.ts): an active provider key in System API Keys
 * or the environment, or an OpenAI-compatible server. Without one every answer comes from the built-in extractive
 * answerer, which quotes the documents.
 */
export async function aiProviderItem(db: Db, config: Config): Promise<Item> {
  const stored = await db.selectDistinct({ service: systemApiKeys.serviceName }).from(systemApiKeys).where(eq(systemApiKeys.isActive, true));
  const services = SYSTEM_KEY_SERVICES.filter((service) => config.ai[service] || stored.some((row) => row.service === service));
  const providers = [
    ...services.map((service) => SYSTEM_KEY_SERVICE_LABELS[service]),
    ...(config.ai.openaiCompatible ? [`OpenAI-compatible server at ${new URL(config.ai.openaiCompatible.baseURL).host}`] : []),
  ];
  if (providers.length > 0) return { name: 'AI provider', status: 'healthy', detail: `Configured: ${providers.join(', ')}` };
  return {
    name: 'AI provider',
    status: 'warning',
    detail:
      'No AI provider configured: answers are extractive only (passages quoted from the documents) and documents are embedded locally. Add a key in System API Keys or set one in the environment',
  };
}

/** The System Health list: each item is a real check of something this install depends on. */
export async function systemHealth(app: FastifyInstance, rateLimiter: RateLimiter): Promise<{ items: Item[] }> {
  const items: Item[] = [];

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

  items.push(await aiProviderItem(app.db, app.config));

  items.push(...(await deploymentItems(app, rateLimiter)));

  items.push(await emailItem(app));

  items.push(
    app.config.oidc
      ? { name: 'Single sign-on', status: 'healthy', detail: `OpenID Connect provider ${new URL(app.config.oidc.issuer).host}` }
      : { name: 'Single sign-on', status: 'healthy', detail: 'Not configured (e-mail and password sign-in only)' },
  );

  return { items };
}
