import type { AnalyticsExport, AnalyticsReport } from '@parley/shared/contracts/analytics';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { analyticsExports } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { CSV_BOM } from './csv';
import { exportFilePieces } from './export-file';
import { assertDatabaseKnowsZone, chatbotNameInOrganization } from './scope';

type ExportRow = typeof analyticsExports.$inferSelect;

/** Exports being prepared at once per organization: each is a long scan, so a burst of clicks waits. */
export const ACTIVE_EXPORTS_MAX = 5;

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** `parley-daily-2026-10-25-to-2026-11-23.csv`, with the chatbot's name when the report is for one. */
export function exportFileName(input: { report: AnalyticsReport; from: string; to: string; chatbotName?: string | null }): string {
  const bot = input.chatbotName ? slug(input.chatbotName) : '';
  return `parley-${input.report.replace(/_/g, '-')}${bot ? `-${bot}` : ''}-${input.from}-to-${input.to}.csv`;
}

/** The row without the CSV itself (lists and status polls never read the file). */
const withoutContent = {
  id: analyticsExports.id,
  organizationId: analyticsExports.organizationId,
  scheduleId: analyticsExports.scheduleId,
  report: analyticsExports.report,
  chatbotId: analyticsExports.chatbotId,
  fromDate: analyticsExports.fromDate,
  toDate: analyticsExports.toDate,
  timezone: analyticsExports.timezone,
  status: analyticsExports.status,
  rowsTotal: analyticsExports.rowsTotal,
  rowsDone: analyticsExports.rowsDone,
  fileName: analyticsExports.fileName,
  sizeBytes: analyticsExports.sizeBytes,
  error: analyticsExports.error,
  createdAt: analyticsExports.createdAt,
  completedAt: analyticsExports.completedAt,
};
type ExportSummaryRow = Pick<ExportRow, keyof typeof withoutContent>;

export function toAnalyticsExport(row: ExportSummaryRow): AnalyticsExport {
  const percent = row.rowsTotal === null ? null : row.rowsTotal === 0 ? 100 : Math.min(100, Math.floor((row.rowsDone * 100) / row.rowsTotal));
  return {
    id: row.id,
    report: row.report,
    chatbotId: row.chatbotId,
    from: row.fromDate,
    to: row.toDate,
    tz: row.timezone,
    status: row.status,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    percent,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    scheduled: row.scheduleId !== null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** Records an export as queued; the caller enqueues the job (worker.ts). */
export async function createExport(
  db: Db,
  input: { organizationId: string; userId: string; body: { report: AnalyticsReport; from: string; to: string; tz: string; chatbotId?: string } },
): Promise<AnalyticsExport> {
  const { organizationId, body } = input;
  await assertDatabaseKnowsZone(db, body.tz);
  const chatbotName = body.chatbotId ? await chatbotNameInOrganization(db, organizationId, body.chatbotId) : null;
  const [active] = await db
    .select({ n: count() })
    .from(analyticsExports)
    .where(and(eq(analyticsExports.organizationId, organizationId), inArray(analyticsExports.status, ['queued', 'running'])));
  if (Number(active?.n ?? 0) >= ACTIVE_EXPORTS_MAX) {
    // A slot opens when an export finishes, which takes seconds to a few minutes: a minute is a fair time to wait.
    throw new AppError('RATE_LIMITED', `${ACTIVE_EXPORTS_MAX} exports are already being prepared. Wait for one to finish, then try again.`, {
      'retry-after': '60',
    });
  }
  const [row] = await db
    .insert(analyticsExports)
    .values({
      organizationId,
      requestedBy: input.userId,
      report: body.report,
      chatbotId: body.chatbotId ?? null,
      fromDate: body.from,
      toDate: body.to,
      timezone: body.tz,
      fileName: exportFileName({ ...body, chatbotName }),
    })
    .returning(withoutContent);
  return toAnalyticsExport(row!);
}

export async function listExports(db: Db, organizationId: string, page: { page: number; pageSize: number }) {
  const where = eq(analyticsExports.organizationId, organizationId);
  const [rows, [total]] = await Promise.all([
    db
      .select(withoutContent)
      .from(analyticsExports)
      .where(where)
      .orderBy(desc(analyticsExports.createdAt), desc(analyticsExports.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(analyticsExports).where(where),
  ]);
  return { items: rows.map(toAnalyticsExport), total: Number(total?.n ?? 0), page: page.page, pageSize: page.pageSize };
}

async function findExport(db: Db, organizationId: string, exportId: string): Promise<ExportSummaryRow> {
  const [row] = await db
    .select(withoutContent)
    .from(analyticsExports)
    .where(and(eq(analyticsExports.id, exportId), eq(analyticsExports.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Export not found.');
  return row;
}

export async function getExport(db: Db, organizationId: string, exportId: string): Promise<AnalyticsExport> {
  return toAnalyticsExport(await findExport(db, organizationId, exportId));
}

/** Deletes an export and its file; a job still running for it finds nothing left to update. */
export async function deleteExport(db: Db, organizationId: string, exportId: string): Promise<void> {
  const deleted = await db
    .delete(analyticsExports)
    .where(and(eq(analyticsExports.id, exportId), eq(analyticsExports.organizationId, organizationId)))
    .returning({ id: analyticsExports.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Export not found.');
}

/** A finished export's file, read from the database a piece at a time as the client takes them. */
export async function openExportDownload(db: Db, organizationId: string, exportId: string): Promise<{ fileName: string; stream: Readable }> {
  const row = await findExport(db, organizationId, exportId);
  if (row.status !== 'done') throw new AppError('CONFLICT', 'The export is not ready yet.');
  async function* chunks() {
    yield Buffer.from(CSV_BOM, 'utf8');
    for await (const piece of exportFilePieces(db, exportId)) yield Buffer.from(piece, 'utf8');
  }
  return { fileName: row.fileName, stream: Readable.from(chunks()) };
}
