import type { N8nAdvancedSettings } from '@parley/shared/contracts/n8n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { N8N_QUERY_ROOT } from './keys';

/** GET /api/admin/n8n/settings: the advanced settings, with System Configuration's base URL and processing mode. */
export function getN8nSettings({ signal }: { signal?: AbortSignal } = {}): Promise<N8nAdvancedSettings> {
  return api.get<N8nAdvancedSettings>('/api/admin/n8n/settings', { signal });
}

export function getN8nSettingsQueryOptions() {
  return queryOptions({ queryKey: [...N8N_QUERY_ROOT, 'settings'], queryFn: ({ signal }) => getN8nSettings({ signal }) });
}

export function useN8nSettings() {
  return useQuery(getN8nSettingsQueryOptions());
}
