import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

export type ServerVerification = 'granted' | 'refused';

/**
 * The server-side check shown on the Access Denied panel: ask an endpoint the server guards for every admin
 * (the 5 latest activity entries) and report whether it let us in. A 403 is an answer, not a failure.
 */
export async function verifyAdminAccess({ signal }: { signal?: AbortSignal } = {}): Promise<ServerVerification> {
  try {
    await api.get('/api/admin/activity/recent', { signal });
    return 'granted';
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'refused';
    throw error;
  }
}

export function getVerifyAdminAccessQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'verify-access'], queryFn: ({ signal }) => verifyAdminAccess({ signal }), staleTime: 0 });
}

export function useVerifyAdminAccess({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getVerifyAdminAccessQueryOptions(), enabled });
}
