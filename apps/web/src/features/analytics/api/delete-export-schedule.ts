import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getExportSchedulesQueryOptions } from './get-export-schedules';

/** DELETE /api/analytics/export-schedules/:id: no more reports from this schedule; past exports stay. */
export function deleteExportSchedule(id: string): Promise<unknown> {
  return api.delete<unknown>(`/api/analytics/export-schedules/${encodeURIComponent(id)}`);
}

export function useDeleteExportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExportSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getExportSchedulesQueryOptions().queryKey }),
  });
}
