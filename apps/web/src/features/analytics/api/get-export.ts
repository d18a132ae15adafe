import type { AnalyticsExport } from '@parley/shared/contracts/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPORT_POLL_MS, isExportPending } from '../utils/export-status';
import { EXPORTS_QUERY_ROOT } from './get-exports';

/** GET /api/analytics/exports/:id: one export and how far it has got. */
export function getExport(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<AnalyticsExport> {
  return api.get<AnalyticsExport>(`/api/analytics/exports/${encodeURIComponent(id)}`, { signal });
}

/**
 * The CSV file. It is opened with a plain link rather than fetched: the session cookie goes along (same origin) and
 * the browser saves the file under the name in Content-Disposition.
 */
export function exportDownloadUrl(id: string): string {
  return `/api/analytics/exports/${encodeURIComponent(id)}/download`;
}

export function getExportQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...EXPORTS_QUERY_ROOT, 'detail', id],
    queryFn: ({ signal }) => getExport(id, { signal }),
    // Asked about every second while queued or running, so the progress bar moves; never again once done or failed.
    refetchInterval: (query) => (isExportPending(query.state.data?.status) ? EXPORT_POLL_MS : false),
  });
}

export function useExport(id: string | null) {
  return useQuery({ ...getExportQueryOptions(id ?? ''), enabled: id !== null });
}
