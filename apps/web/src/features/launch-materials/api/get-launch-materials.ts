import type { LaunchMaterials } from '@parley/shared/contracts/launch-materials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/launch-materials: the launch checklist, computed from this installation. */
export function getLaunchMaterials({ signal }: { signal?: AbortSignal } = {}): Promise<LaunchMaterials> {
  return api.get<LaunchMaterials>('/api/admin/launch-materials', { signal });
}

export function useLaunchMaterials() {
  return useQuery(queryOptions({ queryKey: ['admin', 'launch-materials'], queryFn: ({ signal }) => getLaunchMaterials({ signal }) }));
}
