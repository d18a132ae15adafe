import { z } from 'zod';

/**
 * An archive (ZIP) of all of an organization's data, built by a background job with progress,
 * kept for DATA_EXPORT_RETENTION_DAYS and downloadable by the organization's owners and admins.
 */
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** What the job is doing now: "Documents (3 of 12)". */
  stage: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When the archive is deleted (7 days after it was finished). */
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });
export type DataExportList = z.infer<typeof dataExportListSchema>;
