import type { ExportSchedule } from '@parley/shared/contracts/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getExportSchedulesQueryOptions } from './get-export-schedules';

/** PATCH /api/analytics/export-schedules/:id: pauses or resumes a schedule. */
export function updateExportSchedule({ id, isActive }: { id: string; isActive: boolean }): Promise<ExportSchedule> {
  return api.patch<ExportSchedule>(`/api/analytics/export-schedules/${encodeURIComponent(id)}`, { isActive });
}

export function useUpdateExportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExportSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getExportSchedulesQueryOptions().queryKey }),
  });
}
