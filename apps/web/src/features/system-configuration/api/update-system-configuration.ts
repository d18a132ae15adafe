import type { SystemConfiguration, UpdateSystemConfigurationBody } from '@parley/shared/contracts/system-configuration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SYSTEM_CONFIGURATION_QUERY_KEY } from './get-system-configuration';

/** PUT /api/admin/system-configuration: the whole configuration; every server uses it within a second. */
export function updateSystemConfiguration(body: UpdateSystemConfigurationBody): Promise<SystemConfiguration> {
  return api.put<SystemConfiguration>('/api/admin/system-configuration', body);
}

export function useUpdateSystemConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemConfiguration,
    onSuccess: (saved) => queryClient.setQueryData(SYSTEM_CONFIGURATION_QUERY_KEY, saved),
  });
}
