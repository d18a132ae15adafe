import type { AnalyticsExport } from '@parley/shared/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPORT_LIST_POLL_MS, isExportPending } from '../utils/export-status';
import { ANALYTICS_QUERY_ROOT } from './get-analytics-summary';

/** Every export query key (the list and each export) starts with this. */
export const EXPORTS_QUERY_ROOT = [...ANALYTICS_QUERY_ROOT, 'exports'] as const;

export interface ExportPage {
  items: AnalyticsExport[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/analytics/exports: the organization's exports, newest first, scheduled ones included. */
export function getExports({ page, pageSize }: { page: number; pageSize: number }, { signal }: { signal?: AbortSignal } = {}): Promise<ExportPage> {
  return api.get<ExportPage>('/api/analytics/exports', { query: { page, pageSize }, signal });
}

export function getExportsQueryOptions(params: { page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...EXPORTS_QUERY_ROOT, 'list', params],
    queryFn: ({ signal }) => getExports(params, { signal }),
    placeholderData: keepPreviousData,
    // While a row is still being written (a scheduled run, or one started in another tab), its status keeps moving.
    refetchInterval: (query) => (query.state.data?.items.some((item) => isExportPending(item.status)) ? EXPORT_LIST_POLL_MS : false),
  });
}

export function useExports(params: { page: number; pageSize: number }) {
  return useQuery(getExportsQueryOptions(params));
}
