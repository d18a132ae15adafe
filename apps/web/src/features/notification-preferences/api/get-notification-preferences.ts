import type { NotificationPreferences, UpdateNotificationPreferencesBody } from '@parley/shared/contracts/notification-preferences';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/account/notification-preferences: which optional e-mails the user gets (all on until turned off). */
export function getNotificationPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/api/account/notification-preferences', { signal });
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: ['notification-preferences'], queryFn: ({ signal }) => getNotificationPreferences({ signal }) });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

/** PATCH /api/account/notification-preferences: one switch at a time, shown at once and undone if the save fails. */
export function updateNotificationPreferences(body: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> {
  return api.patch<NotificationPreferences>('/api/account/notification-preferences', body);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
