import { DATA_EXPORT_MAX_BYTES } from '@parley/shared/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { dataExportParts, dataExports, profiles, users } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { writeOrganizationArchive } from './archive';
import { expiryFrom, purgeExpiredDataExports, staleQueuedExports } from './service';
import { ZipLimitError, ZipWriter } from './zip';

export const DATA_EXPORT_JOB = 'data-export';
/** Rows of data_export_parts: large enough to be few, small enough to hold in memory. */
export const PART_BYTES = 4 * 1024 * 1024;
export const DATA_EXPORT_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface DataExportDeps {
  db: Db;
  jobs: JobQueue | null;
  log: FastifyBaseLogger;
  /** Overrides of DATA_EXPORT_MAX_BYTES and PART_BYTES (tests). */
  limits?: { maxBytes?: number; partBytes?: number };
}

export const dataExportDeps = (app: FastifyInstance): DataExportDeps => ({ db: app.db, jobs: app.jobs, log: app.log });

/** Buffers the archive and stores it in parts of PART_BYTES, in order. */
function partSink(db: Db, exportId: string, partBytes: number) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let parts = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const content = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(dataExportParts).values({ exportId, part: parts, content });
    parts += 1;
  };
  return {
    write: async (chunk: Buffer) => {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= partBytes) await flush();
    },
    close: async () => {
      await flush();
      return parts;
    },
  };
}

/**
 * Builds one export's archive with progress (what the settings page polls), stores it, and marks
 * it done for 7 days. Only a queued export (or, on a retry, one left running by a dead attempt) is
 * claimed; each attempt starts the archive over. Throws when another attempt should follow.
 */
export async function runDataExport(
  deps: DataExportDeps,
  exportId: string,
  attempt: { isRetry: boolean; isLastAttempt: boolean },
  now: () => Date = () => new Date(),
): Promise<'done' | 'failed' | 'skipped'> {
  const { db } = deps;
  const [claimed] = await db
    .update(dataExports)
    .set({ status: 'running', progress: 0, stage: 'Starting', error: null })
    .where(and(eq(dataExports.id, exportId), attempt.isRetry ? inArray(dataExports.status, ['queued', 'running']) : eq(dataExports.status, 'queued')))
    .returning();
  if (!claimed) return 'skipped';
  await db.delete(dataExportParts).where(eq(dataExportParts.exportId, exportId));

  try {
    const [requester] = claimed.requestedBy
      ? await db
          .select({ name: profiles.fullName, email: users.email })
          .from(users)
          .leftJoin(profiles, eq(profiles.id, users.id))
          .where(eq(users.id, claimed.requestedBy))
      : [];
    const sink = partSink(db, exportId, deps.limits?.partBytes ?? PART_BYTES);
    const zip = new ZipWriter(sink.write, deps.limits?.maxBytes ?? DATA_EXPORT_MAX_BYTES);
    await writeOrganizationArchive(
      db,
      claimed.organizationId,
      zip,
      async ({ progress, stage }) => {
        await db.update(dataExports).set({ progress, stage }).where(eq(dataExports.id, exportId));
      },
      { requestedBy: requester ? requester.name || requester.email : null, exportedAt: now() },
    );
    const size = await zip.finish();
    const partCount = await sink.close();
    const completedAt = now();
    await db
      .update(dataExports)
      .set({ status: 'done', progress: 100, stage: 'Ready', sizeBytes: size, partCount, completedAt, expiresAt: expiryFrom(completedAt) })
      .where(eq(dataExports.id, exportId));
    return 'done';
  } catch (error) {
    const isPermanent = error instanceof ZipLimitError;
    deps.log.warn({ err: error, exportId, attempt }, 'data export failed');
    await db.delete(dataExportParts).where(eq(dataExportParts.exportId, exportId));
    if (isPermanent || attempt.isLastAttempt) {
      const completedAt = now();
      await db
        .update(dataExports)
        .set({
          status: 'failed',
          stage: 'Failed',
          error: isPermanent ? `${error.message} Contact support for a full copy of a very large organization.` : 'The export could not be built. Try again.',
          completedAt,
          expiresAt: expiryFrom(completedAt),
        })
        .where(eq(dataExports.id, exportId));
      if (isPermanent) return 'failed';
    } else {
      await db.update(dataExports).set({ status: 'queued', progress: 0, stage: 'Waiting to retry' }).where(eq(dataExports.id, exportId));
    }
    throw error;
  }
}

/**
 * Starts an export: a durable job when this process has the queue; otherwise (tests, processes
 * without background work) in this process right after the caller returns, as a last attempt.
 */
export async function enqueueDataExport(deps: DataExportDeps, exportId: string): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.send(DATA_EXPORT_JOB, { exportId }, { singletonKey: exportId });
    return;
  }
  setImmediate(() => {
    runDataExport(deps, exportId, { isRetry: false, isLastAttempt: true }).catch((error: unknown) =>
      deps.log.error({ err: error, exportId }, 'data export failed in process'),
    );
  });
}

/** Deletes expired archives and queues again exports whose job was lost. */
export async function sweepDataExports(deps: DataExportDeps, now = new Date()): Promise<{ purged: number; requeued: string[] }> {
  const purged = await purgeExpiredDataExports(deps.db, now);
  const requeued: string[] = [];
  if (deps.jobs) {
    for (const id of await staleQueuedExports(deps.db, now)) {
      const live = (await deps.db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${DATA_EXPORT_JOB} AND singleton_key = ${id} AND state IN ('created', 'retry', 'active') LIMIT 1`,
      )) as unknown as { rows: unknown[] };
      if (live.rows.length === 0) {
        await enqueueDataExport(deps, id);
        requeued.push(id);
      }
    }
  }
  return { purged, requeued };
}

/** Builds archives from the durable queue, one at a time per process, and sweeps every ten minutes; returns what stops the sweep. */
export async function startDataExportWorker(app: FastifyInstance): Promise<() => void> {
  if (!app.jobs) return () => {};
  const deps = dataExportDeps(app);
  await app.jobs.work<{ exportId: string }>(DATA_EXPORT_JOB, { concurrency: 1, pollingIntervalSeconds: 2 }, async (job) => {
    const outcome = await runDataExport(deps, job.data.exportId, { isRetry: job.retryCount > 0, isLastAttempt: job.isLastAttempt });
    app.log.info({ exportId: job.data.exportId, outcome }, 'data export job finished');
  });
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sweepDataExports(deps)
      .then(({ purged, requeued }) => {
        if (purged || requeued.length) app.log.info({ purged, requeued }, 'data exports swept');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'data export sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, DATA_EXPORT_SWEEP_INTERVAL_MS);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
