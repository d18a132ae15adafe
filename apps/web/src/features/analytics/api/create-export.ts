import type { AnalyticsExport, CreateExportBody } from '@parley/shared/contracts/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getExportQueryOptions } from './get-export';
import { EXPORTS_QUERY_ROOT } from './get-exports';

/** POST /api/analytics/exports: starts writing a CSV report in the background (202, status "queued"). */
export function createExport(body: CreateExportBody): Promise<AnalyticsExport> {
  return api.post<AnalyticsExport>('/api/analytics/exports', body);
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    onSuccess: async (created) => {
      queryClient.setQueryData(getExportQueryOptions(created.id).queryKey, created);
      await queryClient.invalidateQueries({ queryKey: [...EXPORTS_QUERY_ROOT, 'list'] });
    },
  });
}
