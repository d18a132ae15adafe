import { Readable } from 'node:stream';
import { DATA_EXPORT_RETENTION_DAYS, DATA_EXPORTS_PER_DAY, DATA_EXPORTS_READY_MAX } from '@parley/shared/constants';
import type { DataExport } from '@parley/shared/contracts/data-exports';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataExportParts, dataExports, organizations, profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';

/** Exports listed per organization: the ones still kept (7 days), newest first. */
export const DATA_EXPORTS_LISTED = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

type ExportRow = typeof dataExports.$inferSelect;

const toDataExport = (row: ExportRow, requestedBy: string | null): DataExport => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  stage: row.stage,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  error: row.error,
  requestedBy,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Not yet expired (running ones have no expiry yet). */
const isKept = (now: Date) => or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, now));

async function readExports(db: Db, organizationId: string, now: Date, exportId?: string): Promise<DataExport[]> {
  const rows = await db
    .select({ row: dataExports, name: profiles.fullName, email: users.email })
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.requestedBy))
    .leftJoin(profiles, eq(profiles.id, dataExports.requestedBy))
    .where(and(eq(dataExports.organizationId, organizationId), isKept(now), exportId ? eq(dataExports.id, exportId) : undefined))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(DATA_EXPORTS_LISTED);
  return rows.map((r) => toDataExport(r.row, r.name || r.email || null));
}

export const listDataExports = (db: Db, organizationId: string, now = new Date()) => readExports(db, organizationId, now);

export async function getDataExport(db: Db, organizationId: string, exportId: string, now = new Date()): Promise<DataExport> {
  const [found] = await readExports(db, organizationId, now, exportId);
  if (!found) throw new AppError('NOT_FOUND', 'Export not found. Finished exports are kept for 7 days.');
  return found;
}

export const DATA_EXPORT_MESSAGES = {
  readyMax: `This organization already has ${DATA_EXPORTS_READY_MAX} archives ready to download. Delete one to make a new export.`,
  perDay: `At most ${DATA_EXPORTS_PER_DAY} exports can be started per organization per day. Please try again later.`,
} as const;

/**
 * Starts an export of the organization: one at a time, at most DATA_EXPORTS_READY_MAX finished archives kept (409),
 * and DATA_EXPORTS_PER_DAY started per day (429; a rate limit, so deleting archives does not make room for more).
 */
export async function createDataExport(
  deps: { db: Db; rateLimiter: RateLimiter },
  input: { organizationId: string; userId: string },
  now = new Date(),
): Promise<DataExport> {
  const { db } = deps;
  const [organization] = await db.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, input.organizationId));
  if (!organization) throw new AppError('NOT_FOUND', 'Organization not found.');
  const created = await db.transaction(async (tx) => {
    // Serialises concurrent requests of one organization (the row lock), so only one export is ever in progress.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    const [busy] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.organizationId, input.organizationId), inArray(dataExports.status, ['queued', 'running'])))
      .limit(1);
    if (busy) throw new AppError('CONFLICT', 'An export of this organization is already being built. Wait for it to finish.');
    const [ready] = await tx
      .select({ n: count() })
      .from(dataExports)
      .where(and(eq(dataExports.organizationId, input.organizationId), eq(dataExports.status, 'done'), gt(dataExports.expiresAt, now)));
    if (Number(ready?.n ?? 0) >= DATA_EXPORTS_READY_MAX) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.readyMax);
    // Counted last, so a refused request does not use up one of the day's exports.
    const limit = await deps.rateLimiter.hit(`data-exports:${input.organizationId}`, DATA_EXPORTS_PER_DAY, DAY_MS / 1000);
    if (!limit.allowed) throw new AppError('RATE_LIMITED', DATA_EXPORT_MESSAGES.perDay, { 'retry-after': String(limit.retryAfterSeconds) });
    const [row] = await tx
      .insert(dataExports)
      .values({
        organizationId: input.organizationId,
        requestedBy: input.userId,
        stage: 'Waiting to start',
        fileName: `parley-export-${organization.slug}-${now.toISOString().slice(0, 10)}.zip`,
        createdAt: now,
      })
      .returning({ id: dataExports.id });
    return row!.id;
  });
  return getDataExport(db, input.organizationId, created, now);
}

/** The finished archive as a stream, read from the database a part at a time. */
export async function openDataExportDownload(db: Db, organizationId: string, exportId: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.organizationId, organizationId), isKept(now)));
  if (!row) throw new AppError('NOT_FOUND', 'Export not found. Finished exports are kept for 7 days.');
  if (row.status !== 'done') throw new AppError('CONFLICT', 'This export is not finished yet.');
  const partCount = row.partCount;
  async function* parts() {
    for (let part = 0; part < partCount; part += 1) {
      const [chunk] = await db
        .select({ content: dataExportParts.content })
        .from(dataExportParts)
        .where(and(eq(dataExportParts.exportId, exportId), eq(dataExportParts.part, part)));
      if (!chunk) throw new Error(`export ${exportId} is missing part ${part}`);
      yield chunk.content;
    }
  }
  return { fileName: row.fileName, sizeBytes: row.sizeBytes ?? 0, stream: Readable.from(parts()) };
}

export async function deleteDataExport(db: Db, organizationId: string, exportId: string): Promise<void> {
  const deleted = await db
    .delete(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.organizationId, organizationId), inArray(dataExports.status, ['done', 'failed'])))
    .returning({ id: dataExports.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Export not found, or still being built.');
}

/** Deletes archives past their 7 days. Returns how many. */
export async function purgeExpiredDataExports(db: Db, now = new Date()): Promise<number> {
  const deleted = await db.delete(dataExports).where(lte(dataExports.expiresAt, now)).returning({ id: dataExports.id });
  return deleted.length;
}

export const expiryFrom = (completedAt: Date) => new Date(completedAt.getTime() + DATA_EXPORT_RETENTION_DAYS * DAY_MS);

/** Queued exports older than this with no live job (a crash between commit and enqueue) are queued again. */
export const STALE_QUEUED_MS = 2 * 60_000;

export async function staleQueuedExports(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'queued'), lte(dataExports.createdAt, new Date(now.getTime() - STALE_QUEUED_MS))))
    .orderBy(asc(dataExports.createdAt))
    .limit(100);
  return rows.map((r) => r.id);
}
