import { ANALYTICS_REPORT_LABELS } from '@parley/shared/contracts/analytics';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { analyticsExportParts, analyticsExports, emailOutbox } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/email/mailer';
import { CSV_BOM, CSV_BOM_BYTES, CsvParts } from './csv';
import { readExportFile } from './export-file';
import { reportSource } from './reports';

export const EXPORT_JOB = 'analytics-export';
export const MAX_EXPORT_ROWS = 1_000_000;
/** Larger files are linked, not attached: mail servers commonly refuse messages over 10 MB, and base64 adds a third. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
const EMAIL_KIND = 'analytics_report';

export interface ExportDeps {
  db: Db;
  /** The durable queue; null in processes without background work (tests), where exports run in process. */
  jobs: JobQueue | null;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Overrides of MAX_EXPORT_ROWS and ATTACHMENT_MAX_BYTES (tests). */
  limits?: { maxRows?: number; attachmentMaxBytes?: number; partChars?: number };
}

export const exportDeps = (app: FastifyInstance, mailer: Mailer): ExportDeps => ({
  db: app.db,
  jobs: app.jobs,
  mailer,
  publicUrl: app.config.publicUrl,
  log: app.log,
});

/** A failure that another attempt cannot fix (too many rows): the export fails at once. */
export class PermanentExportError extends Error {}

export interface ExportAttempt {
  /** A retry of a job whose earlier attempt failed or died (pg-boss only retries after that). */
  isRetry: boolean;
  isLastAttempt: boolean;
}

type ExportRow = typeof analyticsExports.$inferSelect;

/**
 * Builds one export: counts the rows, writes the CSV a batch at a time with progress in
 * rows_done (what the dashboard polls), stores the file, then e-mails it when the export came
 * from a schedule. Safe to call twice for the same export: only a queued export (or, on a
 * retry, one left running by a dead attempt) is claimed; a retry of a finished export only
 * re-does its e-mail. Throws when another attempt should follow.
 */
export async function runExport(deps: ExportDeps, exportId: string, attempt: ExportAttempt): Promise<'done' | 'failed' | 'emailed' | 'skipped'> {
  const { db } = deps;
  const [claimed] = await db
    .update(analyticsExports)
    .set({ status: 'running', rowsDone: 0, rowsTotal: null, error: null })
    .where(
      and(eq(analyticsExports.id, exportId), attempt.isRetry ? inArray(analyticsExports.status, ['queued', 'running']) : eq(analyticsExports.status, 'queued')),
    )
    .returning();
  if (!claimed) {
    const [row] = await db.select().from(analyticsExports).where(eq(analyticsExports.id, exportId));
    if (attempt.isRetry && row?.status === 'done' && needsEmail(row)) {
      await emailOrThrow(deps, row, attempt);
      return 'emailed';
    }
    return 'skipped';
  }

  let finished: ExportRow | undefined;
  try {
    finished = await buildExport(db, claimed, deps.limits?.maxRows ?? MAX_EXPORT_ROWS, deps.limits?.partChars ?? EXPORT_PART_CHARS);
  } catch (error) {
    const isPermanent = error instanceof PermanentExportError;
    deps.log.warn({ err: error, exportId, attempt }, 'analytics export failed');
    if (isPermanent || attempt.isLastAttempt) {
      await db
        .update(analyticsExports)
        .set({
          status: 'failed',
          error: isPermanent ? error.message : 'The export could not be built. Try again, or choose a shorter period.',
          completedAt: new Date(),
        })
        .where(eq(analyticsExports.id, exportId));
      if (isPermanent) return 'failed';
    } else {
      // Waiting for the next attempt.
      await db.update(analyticsExports).set({ status: 'queued', rowsDone: 0 }).where(eq(analyticsExports.id, exportId));
    }
    throw error;
  }
  if (!finished) return 'skipped'; // deleted while it was being built
  if (needsEmail(finished)) await emailOrThrow(deps, finished, attempt);
  return 'done';
}

/** Characters of CSV per stored part (analytics_export_parts): about 1–4 MB of UTF-8, and a download's read size. */
export const EXPORT_PART_CHARS = 1024 * 1024;

async function buildExport(db: Db, row: ExportRow, maxRows: number, partChars: number): Promise<ExportRow | undefined> {
  const source = reportSource(db, {
    organizationId: row.organizationId,
    report: row.report,
    chatbotId: row.chatbotId,
    from: row.fromDate,
    to: row.toDate,
    tz: row.timezone,
  });
  const total = await source.count();
  if (total > maxRows) {
    throw new PermanentExportError(
      `This export would have ${total.toLocaleString('en')} rows; the limit is ${maxRows.toLocaleString('en')}. Choose a shorter period or one chatbot.`,
    );
  }
  await db.update(analyticsExports).set({ rowsTotal: total }).where(eq(analyticsExports.id, row.id));
  // The file is stored a part at a time as it is written; an earlier attempt's parts go first.
  await db.delete(analyticsExportParts).where(eq(analyticsExportParts.exportId, row.id));
  const csv = new CsvParts(source.header, partChars);
  let parts = 0;
  let sizeBytes = CSV_BOM_BYTES;
  const store = async (contents: (string | null)[]) => {
    for (const content of contents) {
      if (content === null) continue;
      await db.insert(analyticsExportParts).values({ exportId: row.id, part: parts++, content });
      sizeBytes += Buffer.byteLength(content, 'utf8');
    }
  };
  let done = 0;
  try {
    for await (const batch of source.batches()) {
      await store(csv.add(batch));
      done += batch.length;
      await db
        .update(analyticsExports)
        .set({ rowsDone: done, rowsTotal: sql`greatest(${analyticsExports.rowsTotal}, ${done})` })
        .where(eq(analyticsExports.id, row.id));
    }
    await store([csv.finish()]);
  } catch (error) {
    // Deleted while it was being built: a part had nowhere to go.
    const [exists] = await db.select({ id: analyticsExports.id }).from(analyticsExports).where(eq(analyticsExports.id, row.id));
    if (!exists) return undefined;
    throw error;
  }
  // Messages can arrive while a period that includes today is exported: the total is what was written.
  const [finished] = await db
    .update(analyticsExports)
    .set({ status: 'done', content: null, sizeBytes, rowsDone: done, rowsTotal: done, completedAt: new Date() })
    .where(eq(analyticsExports.id, row.id))
    .returning();
  return finished;
}

const needsEmail = (row: ExportRow) => row.recipients.length > 0 && row.emailedAt === null;

async function emailOrThrow(deps: ExportDeps, row: ExportRow, attempt: ExportAttempt): Promise<void> {
  try {
    await emailExport(deps, row);
  } catch (error) {
    if (attempt.isLastAttempt) {
      await deps.db
        .update(analyticsExports)
        .set({ error: 'The report was built, but e-mailing it to its recipients failed. Download it here instead.' })
        .where(eq(analyticsExports.id, row.id));
    }
    throw error;
  }
}

const periodText = (row: ExportRow) => (row.fromDate === row.toDate ? row.fromDate : `${row.fromDate} to ${row.toDate}`);

/**
 * E-mails a finished scheduled export to its recipients, the CSV attached (or linked when over
 * 5 MB). A recipient whose message for this export already went out (or is queued to) is skipped, so a
 * retry after a partial failure does not send twice; emailed_at is set once every recipient has it (or it is queued:
 * the e-mail job retries the sending itself).
 */
export async function emailExport(deps: ExportDeps, row: ExportRow): Promise<void> {
  const { db } = deps;
  const link = `${deps.publicUrl}/dashboard?export=${row.id}`;
  if (row.sizeBytes === null) throw new Error(`export ${row.id} has no file to e-mail`);
  const size = row.sizeBytes;
  const attach = size <= (deps.limits?.attachmentMaxBytes ?? ATTACHMENT_MAX_BYTES);
  // Only a file small enough to attach is read whole.
  const file = attach ? CSV_BOM + (await readExportFile(db, row.id)) : '';
  const label = ANALYTICS_REPORT_LABELS[row.report].replace(/ \(.*\)$/, '');
  const rows = `${(row.rowsTotal ?? 0).toLocaleString('en')} row${row.rowsTotal === 1 ? '' : 's'}`;
  const body = attach
    ? `Your scheduled Parley report "${label}" for ${periodText(row)} is attached (${row.fileName}, ${rows}).\n\nSee it in Parley: ${link}\n`
    : `Your scheduled Parley report "${label}" for ${periodText(row)} is ready (${rows}, ${(size / 1024 / 1024).toFixed(1)} MB): too large to attach.\n\nDownload it in Parley: ${link}\n`;

  const alreadySent = new Set(
    (
      await db
        .select({ to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, EMAIL_KIND),
            inArray(emailOutbox.toAddress, row.recipients),
            inArray(emailOutbox.status, ['pending', 'sent', 'logged']),
            like(emailOutbox.textBody, `%export=${row.id}%`),
          ),
        )
    ).map((r) => r.to),
  );
  let failed = 0;
  for (const to of row.recipients) {
    if (alreadySent.has(to)) continue;
    const result = await deps.mailer.send({
      kind: EMAIL_KIND,
      to,
      subject: `Parley report: ${label}, ${periodText(row)}`,
      text: `${body}\nThis report is sent by a schedule in your Parley dashboard, where it can be paused.\n`,
      attachments: attach
        ? [{ filename: row.fileName, contentType: 'text/csv; charset=utf-8', contentBase64: Buffer.from(file, 'utf8').toString('base64') }]
        : [],
    });
    if (result.status === 'failed') failed += 1;
  }
  if (failed > 0) throw new Error(`The report e-mail could not be sent to ${failed} of ${row.recipients.length} recipients`);
  await db.update(analyticsExports).set({ emailedAt: new Date() }).where(eq(analyticsExports.id, row.id));
}

/**
 * Starts an export: a durable job when this process has the queue; otherwise (a process built
 * without background work — the tests) it runs in this process right after the caller
 * returns, as a last attempt, so a failure marks the export failed instead of leaving it queued.
 */
export async function enqueueExport(deps: ExportDeps, exportId: string): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.send(EXPORT_JOB, { exportId }, { singletonKey: exportId });
    return;
  }
  setImmediate(() => {
    runExport(deps, exportId, { isRetry: false, isLastAttempt: true }).catch((error: unknown) =>
      deps.log.error({ err: error, exportId }, 'analytics export failed in process'),
    );
  });
}

/** Builds exports from the durable queue, one at a time per process (each is a long scan). */
export async function startAnalyticsExportWorker(app: FastifyInstance, mailer: Mailer): Promise<void> {
  if (!app.jobs) return;
  const deps = exportDeps(app, mailer);
  await app.jobs.work<{ exportId: string }>(EXPORT_JOB, { concurrency: 1, pollingIntervalSeconds: 2 }, async (job) => {
    const outcome = await runExport(deps, job.data.exportId, { isRetry: job.retryCount > 0, isLastAttempt: job.isLastAttempt });
    app.log.info({ exportId: job.data.exportId, outcome }, 'analytics export job finished');
  });
}
