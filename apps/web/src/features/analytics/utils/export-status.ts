import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import type { AnalyticsExport, AnalyticsReport, ExportFrequency } from '@parley/shared/contracts/analytics';
import { formatBytes, formatNumber } from '../../../lib/format'; // relative: the unit tests run without the Vite alias

/** How often an export that is being written is asked about, so that its bar moves while the user watches. */
export const EXPORT_POLL_MS = 1000;
/** The recent-exports list refreshes more slowly while one of its rows is still being written. */
export const EXPORT_LIST_POLL_MS = 3000;
export const EXPORT_LIST_PAGE_SIZE = 5;

const FAILED_TEXT = 'The export failed. Try again.';

export type ExportStatus = AnalyticsExport['status'];

export function isExportPending(status: ExportStatus | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/** The short names used in lists; the export dialog shows the contract's longer ANALYTICS_REPORT_LABELS. */
export const REPORT_SHORT_LABELS: Readonly<Record<AnalyticsReport, string>> = {
  daily: 'Daily summary',
  conversations: 'Conversations',
  top_questions: 'Top questions',
};

export const FREQUENCY_LABELS: Readonly<Record<ExportFrequency, string>> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

export const STATUS_LABELS: Readonly<Record<ExportStatus, string>> = { queued: 'Queued', running: 'Running', done: 'Ready', failed: 'Failed' };

/** 0–100 for the bar, or null while the server does not know the total yet (the bar then shows no figure). */
export function exportPercent(item: Pick<AnalyticsExport, 'status' | 'percent'>): number | null {
  if (item.status === 'done') return 100;
  if (item.percent === null || !Number.isFinite(item.percent)) return null;
  return Math.max(0, Math.min(100, Math.round(item.percent)));
}

/** One line about where an export stands: "Waiting to start…", "1,200 of 5,000 rows", "5,000 rows · 120 KB". */
export function exportProgressText(item: Pick<AnalyticsExport, 'status' | 'rowsDone' | 'rowsTotal' | 'sizeBytes' | 'error'>): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return item.rowsTotal === null ? `${formatNumber(item.rowsDone)} rows so far…` : `${formatNumber(item.rowsDone)} of ${formatNumber(item.rowsTotal)} rows`;
    case 'done': {
      const rows = item.rowsTotal ?? item.rowsDone;
      const size = item.sizeBytes === null ? '' : ` · ${formatBytes(item.sizeBytes)}`;
      return `${formatNumber(rows)} ${rows === 1 ? 'row' : 'rows'}${size}`;
    }
    case 'failed':
      return item.error ? sanitizeErrorMessage(item.error, FAILED_TEXT) : FAILED_TEXT;
  }
}
