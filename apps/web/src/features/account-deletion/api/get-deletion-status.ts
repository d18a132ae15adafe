import type { AccountDeletionStatus } from '@parley/shared/contracts/account-deletion';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/account/deletion: what deleting would do to each organization, and whether it can go ahead. */
export function getDeletionStatus({ signal }: { signal?: AbortSignal } = {}): Promise<AccountDeletionStatus> {
  return api.get<AccountDeletionStatus>('/api/account/deletion', { signal });
}

export function getDeletionStatusQueryOptions() {
  return queryOptions({ queryKey: ['account-deletion'], queryFn: ({ signal }) => getDeletionStatus({ signal }) });
}

export function useDeletionStatus() {
  return useQuery(getDeletionStatusQueryOptions());
}

/** POST /api/account/deletion: schedules the deletion and signs out everywhere. */
export function requestAccountDeletion(confirmation: string): Promise<{ id: string; scheduledFor: string }> {
  return api.post<{ id: string; scheduledFor: string }>('/api/account/deletion', { confirmation });
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}
