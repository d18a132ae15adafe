import { ADMIN_LIVE_REFRESH_MS } from '@parley/shared/admin-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SystemHealthItem {
  name: string;
  status: 'healthy' | 'warning' | 'error';
  detail: string;
}

/** GET /api/admin/system-health: live checks of what this install depends on. */
export function getSystemHealth({ signal }: { signal?: AbortSignal } = {}): Promise<{ items: SystemHealthItem[] }> {
  return api.get<{ items: SystemHealthItem[] }>('/api/admin/system-health', { signal });
}

export function getSystemHealthQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'system-health'], queryFn: ({ signal }) => getSystemHealth({ signal }), refetchInterval: ADMIN_LIVE_REFRESH_MS });
}

export function useSystemHealth() {
  return useQuery(getSystemHealthQueryOptions());
}
