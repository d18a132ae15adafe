import type { AnalyticsReport, ExportFrequency, ExportSchedule } from '@parley/shared/contracts/analytics';
import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { analyticsExports, analyticsExportSchedules, chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import { enqueueExport, EXPORT_JOB, exportDeps, type ExportDeps } from './export-job';
import { exportFileName } from './exports';
import { rowsOf } from '../../db/raw-sql';
import { assertDatabaseKnowsZone, chatbotNameInOrganization } from './scope';
import { nextRunAt, scheduledPeriod } from './time-zones';

/** Schedules per organization: each e-mails up to ten people, so the number is bounded. */
export const SCHEDULES_MAX = 20;
export const SCHEDULER_INTERVAL_MS = 60_000;
/** A queued export older than this whose job is gone (a crash between commit and enqueue) is enqueued again. */
const STALE_QUEUED_MS = 2 * 60_000;
const DUE_PER_TICK = 100;

type ScheduleRow = typeof analyticsExportSchedules.$inferSelect;

function toExportSchedule(row: ScheduleRow & { chatbotName: string | null }): ExportSchedule {
  return {
    id: row.id,
    report: row.report,
    frequency: row.frequency,
    chatbotId: row.chatbotId,
    chatbotName: row.chatbotName,
    tz: row.timezone,
    recipients: row.recipients,
    isActive: row.isActive,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function readSchedules(db: Db, organizationId: string, scheduleId?: string): Promise<ExportSchedule[]> {
  const rows = await db
    .select({ schedule: analyticsExportSchedules, chatbotName: chatbots.name })
    .from(analyticsExportSchedules)
    .leftJoin(chatbots, eq(chatbots.id, analyticsExportSchedules.chatbotId))
    .where(and(eq(analyticsExportSchedules.organizationId, organizationId), scheduleId ? eq(analyticsExportSchedules.id, scheduleId) : undefined))
    .orderBy(asc(analyticsExportSchedules.createdAt), asc(analyticsExportSchedules.id));
  return rows.map((r) => toExportSchedule({ ...r.schedule, chatbotName: r.chatbotName }));
}

export const listSchedules = (db: Db, organizationId: string) => readSchedules(db, organizationId);

async function readSchedule(db: Db, organizationId: string, scheduleId: string): Promise<ExportSchedule> {
  const [schedule] = await readSchedules(db, organizationId, scheduleId);
  if (!schedule) throw new AppError('NOT_FOUND', 'Schedule not found.');
  return schedule;
}

export async function createSchedule(
  db: Db,
  input: {
    organizationId: string;
    userId: string;
    body: { report: AnalyticsReport; frequency: ExportFrequency; chatbotId: string | null; tz: string; recipients: string[] };
  },
  now = new Date(),
): Promise<ExportSchedule> {
  const { organizationId, body } = input;
  await assertDatabaseKnowsZone(db, body.tz);
  if (body.chatbotId) await chatbotNameInOrganization(db, organizationId, body.chatbotId);
  const [existing] = await db.select({ n: count() }).from(analyticsExportSchedules).where(eq(analyticsExportSchedules.organizationId, organizationId));
  if (Number(existing?.n ?? 0) >= SCHEDULES_MAX) {
    throw new AppError('LIMIT_REACHED', `An organization can have at most ${SCHEDULES_MAX} scheduled exports. Delete one to add another.`);
  }
  const recipients = [...new Set(body.recipients.map((r) => r.trim().toLowerCase()))];
  const [row] = await db
    .insert(analyticsExportSchedules)
    .values({
      organizationId,
      createdBy: input.userId,
      report: body.report,
      frequency: body.frequency,
      chatbotId: body.chatbotId,
      timezone: body.tz,
      recipients,
      nextRunAt: nextRunAt(body.frequency, body.tz, now),
    })
    .returning({ id: analyticsExportSchedules.id });
  return readSchedule(db, organizationId, row!.id);
}

/** Pauses or resumes a schedule; resumed, it runs at its next time from now (missed runs are not caught up). */
export async function updateSchedule(
  db: Db,
  organizationId: string,
  scheduleId: string,
  body: { isActive: boolean },
  now = new Date(),
): Promise<ExportSchedule> {
  const where = and(eq(analyticsExportSchedules.id, scheduleId), eq(analyticsExportSchedules.organizationId, organizationId));
  const [row] = await db.select().from(analyticsExportSchedules).where(where);
  if (!row) throw new AppError('NOT_FOUND', 'Schedule not found.');
  const isStale = row.nextRunAt.getTime() <= now.getTime();
  await db
    .update(analyticsExportSchedules)
    .set({ isActive: body.isActive, ...(body.isActive && isStale ? { nextRunAt: nextRunAt(row.frequency, row.timezone, now) } : {}) })
    .where(where);
  return readSchedule(db, organizationId, scheduleId);
}

/** No more runs; exports it already made stay (their schedule_id becomes null). */
export async function deleteSchedule(db: Db, organizationId: string, scheduleId: string): Promise<void> {
  const deleted = await db
    .delete(analyticsExportSchedules)
    .where(and(eq(analyticsExportSchedules.id, scheduleId), eq(analyticsExportSchedules.organizationId, organizationId)))
    .returning({ id: analyticsExportSchedules.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Schedule not found.');
}

/**
 * One pass of the scheduler. Due schedules are claimed with FOR UPDATE SKIP LOCKED, and each
 * one's export row is inserted and its next run advanced in that same transaction, so a run is
 * created exactly once however many nodes tick at the same moment; the jobs are enqueued after
 * the commit. Returns the ids of the exports it created.
 */
export async function runSchedulerTick(deps: ExportDeps, now = new Date()): Promise<{ created: string[]; requeued: string[] }> {
  const created = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(analyticsExportSchedules)
      .where(and(eq(analyticsExportSchedules.isActive, true), lte(analyticsExportSchedules.nextRunAt, now)))
      .orderBy(asc(analyticsExportSchedules.nextRunAt))
      .limit(DUE_PER_TICK)
      .for('update', { skipLocked: true });
    const ids: string[] = [];
    for (const schedule of due) {
      const period = scheduledPeriod(schedule.frequency, schedule.timezone, schedule.nextRunAt);
      const [bot] = schedule.chatbotId ? await tx.select({ name: chatbots.name }).from(chatbots).where(eq(chatbots.id, schedule.chatbotId)) : [];
      const [row] = await tx
        .insert(analyticsExports)
        .values({
          organizationId: schedule.organizationId,
          requestedBy: schedule.createdBy,
          scheduleId: schedule.id,
          report: schedule.report,
          chatbotId: schedule.chatbotId,
          fromDate: period.from,
          toDate: period.to,
          timezone: schedule.timezone,
          recipients: schedule.recipients,
          fileName: exportFileName({ report: schedule.report, ...period, chatbotName: bot?.name }),
        })
        .returning({ id: analyticsExports.id });
      ids.push(row!.id);
      await tx
        .update(analyticsExportSchedules)
        .set({ lastRunAt: now, nextRunAt: nextRunAt(schedule.frequency, schedule.timezone, now) })
        .where(eq(analyticsExportSchedules.id, schedule.id));
    }
    return ids;
  });
  for (const id of created) await enqueueExport(deps, id);
  return { created, requeued: await requeueStaleExports(deps, now) };
}

/**
 * Exports still queued after two minutes with no live job: the process died between the
 * commit and the enqueue. pg-boss's singletonKey does not deduplicate on a standard queue,
 * so the check reads pg-boss's job table (same database) for a job of that export instead.
 */
async function requeueStaleExports(deps: ExportDeps, now: Date): Promise<string[]> {
  if (!deps.jobs) return [];
  const stale = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      SELECT e.id FROM analytics_exports e
      WHERE e.status = 'queued' AND e.created_at < ${new Date(now.getTime() - STALE_QUEUED_MS).toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${EXPORT_JOB} AND j.singleton_key = e.id::text AND j.state IN ('created', 'retry', 'active'))
      ORDER BY e.created_at
      LIMIT ${DUE_PER_TICK}
    `),
  );
  for (const { id } of stale) await enqueueExport(deps, id);
  return stale.map((s) => s.id);
}

/** Ticks every minute (and once now) on every node that runs background work; the timer never keeps the process alive. */
export function startAnalyticsScheduler(app: FastifyInstance, mailer: Mailer): () => void {
  const deps = exportDeps(app, mailer);
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runSchedulerTick(deps)
      .then(({ created, requeued }) => {
        if (created.length || requeued.length) app.log.info({ created, requeued }, 'scheduled analytics exports queued');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'analytics scheduler tick failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, SCHEDULER_INTERVAL_MS);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
