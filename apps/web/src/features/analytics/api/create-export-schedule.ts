import type { CreateScheduleBody, ExportSchedule } from '@parley/shared/contracts/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getExportSchedulesQueryOptions } from './get-export-schedules';

/** POST /api/analytics/export-schedules: a report e-mailed to the recipients every day, week or month. */
export function createExportSchedule(body: CreateScheduleBody): Promise<ExportSchedule> {
  return api.post<ExportSchedule>('/api/analytics/export-schedules', body);
}

export function useCreateExportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExportSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getExportSchedulesQueryOptions().queryKey }),
  });
}
