import type { ExportSchedule } from '@parley/shared/contracts/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANALYTICS_QUERY_ROOT } from './get-analytics-summary';

/** GET /api/analytics/export-schedules: the organization's scheduled exports. */
export async function getExportSchedules({ signal }: { signal?: AbortSignal } = {}): Promise<ExportSchedule[]> {
  const { items } = await api.get<{ items: ExportSchedule[] }>('/api/analytics/export-schedules', { signal });
  return items;
}

export function getExportSchedulesQueryOptions() {
  return queryOptions({ queryKey: [...ANALYTICS_QUERY_ROOT, 'export-schedules'], queryFn: ({ signal }) => getExportSchedules({ signal }) });
}

export function useExportSchedules() {
  return useQuery(getExportSchedulesQueryOptions());
}
