import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/email/mailer';
import { accountDeletedNotice, deletionCancelledNotice } from '../../providers/email/account-emails';
import { recordSecurityEvent } from '../../services/security-events';
import { cancelSubscriptionsBeforeDeletion, type BillingContext } from '../billing/index';
import { carryOutAccountDeletion, dueDeletionIds, organizationsToDelete, type DeletionOutcome } from './service';

export const ACCOUNT_DELETION_JOB = 'account-deletion';
/** How often each node with background work looks for deletions whose grace period is over. */
export const DELETION_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface DeletionDeps {
  db: Db;
  jobs: JobQueue | null;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Ends the doomed organizations' paid plans at the provider first (the billing feature's context). */
  billing: BillingContext;
}

/** The job's work: delete (or cancel) one request, then tell the user and write the security event. */
export async function runAccountDeletionJob(deps: DeletionDeps, deletionId: string, now = new Date()): Promise<DeletionOutcome> {
  // The paid plans of the organizations about to go end at the provider first; a provider failure throws, so the
  // request stays scheduled and the job (or the next sweep) tries again.
  const doomed = await organizationsToDelete(deps.db, deletionId, now);
  await cancelSubscriptionsBeforeDeletion(deps.billing, doomed, deps.log);
  const result = await carryOutAccountDeletion(deps.db, deletionId, now);
  if (result.outcome === 'deleted') {
    await recordSecurityEvent(deps.db, {
      eventType: 'account_deleted',
      email: result.email,
      details: { deletion_id: deletionId, deleted_organizations: result.summary.deletedOrganizations?.length ?? 0 },
    });
    await deps.mailer.send(accountDeletedNotice(result.email, result.name));
  } else if (result.outcome === 'cancelled') {
    await recordSecurityEvent(deps.db, {
      eventType: 'account_deletion_cancelled',
      userId: result.userId,
      email: result.email,
      details: { deletion_id: deletionId, reason: 'blocked' },
    });
    await deps.mailer.send(deletionCancelledNotice(result.email, result.name, result.reason));
  }
  return result;
}

/**
 * Queues a job for each deletion whose grace period is over (one not already queued); without a
 * queue (tests, processes built without background work) runs them here, one after another.
 */
export async function sweepDueDeletions(deps: DeletionDeps, now = new Date()): Promise<string[]> {
  const due = await dueDeletionIds(deps.db, now);
  for (const id of due) {
    if (deps.jobs) {
      const live = await deps.db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${ACCOUNT_DELETION_JOB} AND singleton_key = ${id} AND state IN ('created', 'retry', 'active') LIMIT 1`,
      );
      const rows = (live as unknown as { rows: unknown[] }).rows;
      if (rows.length === 0) await deps.jobs.send(ACCOUNT_DELETION_JOB, { deletionId: id }, { singletonKey: id });
    } else {
      try {
        await runAccountDeletionJob(deps, id, now);
      } catch (error) {
        // Stays scheduled: the next sweep tries again.
        deps.log.warn({ err: error, deletionId: id }, 'account deletion postponed');
      }
    }
  }
  return due;
}

/** The durable worker and the sweep that feeds it, on every node that runs background work; returns what stops the sweep. */
export async function startAccountDeletionWorker(app: FastifyInstance, mailer: Mailer): Promise<() => void> {
  if (!app.jobs) return () => {};
  const deps: DeletionDeps = { db: app.db, jobs: app.jobs, mailer, log: app.log, billing: app.billing };
  await app.jobs.work<{ deletionId: string }>(ACCOUNT_DELETION_JOB, { concurrency: 1, pollingIntervalSeconds: 10 }, async (job) => {
    const result = await runAccountDeletionJob(deps, job.data.deletionId);
    app.log.info({ deletionId: job.data.deletionId, outcome: result.outcome }, 'account deletion job finished');
  });
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sweepDueDeletions(deps)
      .then((due) => {
        if (due.length) app.log.info({ due }, 'account deletions due');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'account deletion sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, DELETION_SWEEP_INTERVAL_MS);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
