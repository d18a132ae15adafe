import { ACTIVITY_EXPORT_TOTAL_HEADER } from '@parley/shared/contracts/activity-logs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/api-error';
import { activityFilterQuery, countLineFeeds, type ActivityFilterState } from '../utils/activity-filters';

export interface ActivityExportFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

/**
 * GET /api/admin/activity/export: the CSV of the entries the filters match, read as it arrives. The server says how
 * many rows follow (x-total-count), so `onProgress` reports rows received of that total.
 */
export async function exportActivityLogs(
  filters: ActivityFilterState,
  { signal, onProgress }: { signal?: AbortSignal; onProgress: (progress: { rows: number; total: number | null }) => void },
): Promise<ActivityExportFile> {
  const response = await api.getResponse('/api/admin/activity/export', { query: activityFilterQuery(filters), signal, headers: { Accept: 'text/csv' } });
  const announced = Number(response.headers.get(ACTIVITY_EXPORT_TOTAL_HEADER));
  const total = Number.isFinite(announced) && response.headers.has(ACTIVITY_EXPORT_TOTAL_HEADER) ? announced : null;
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'parley-activity-log.csv';
  const pieces: Uint8Array[] = [];
  let lineFeeds = 0;
  onProgress({ rows: 0, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
      lineFeeds += countLineFeeds(value);
      onProgress({ rows: Math.max(0, lineFeeds - 1), total });
    }
  }
  const rows = Math.max(0, lineFeeds - 1);
  // The connection ended early (the server went away): a file missing rows must not pass for the whole log.
  if (total !== null && rows < total) throw new Error(`The export stopped after ${rows} of ${total} entries. Try again.`);
  return { blob: new Blob(pieces as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName, rows };
}

export type ActivityExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number; total: number | null }
  | { status: 'done'; rows: number; fileName: string }
  | { status: 'failed'; message: string };

/** Hands a file to the browser as a download. */
function saveFile({ blob, fileName }: ActivityExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Runs one export at a time with its progress; leaving the page or Cancel stops it. */
export function useActivityExport() {
  const [state, setState] = useState<ActivityExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (filters: ActivityFilterState) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'running', rows: 0, total: null });
    try {
      const file = await exportActivityLogs(filters, {
        signal: current.signal,
        onProgress: ({ rows, total }) => {
          if (!current.signal.aborted) setState({ status: 'running', rows, total });
        },
      });
      if (current.signal.aborted) return;
      saveFile(file);
      setState({ status: 'done', rows: file.rows, fileName: file.fileName });
    } catch (error) {
      if (current.signal.aborted) return;
      setState({ status: 'failed', message: getErrorMessage(error) });
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, cancel, reset: () => setState({ status: 'idle' }) };
}
