import type { BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BEHAVIOR_TEMPLATES_QUERY_ROOT } from './get-behavior-templates';

/** POST /api/admin/behavior-templates/:id/default: the server moves the flag in one transaction. */
export function setDefaultBehaviorTemplate(id: string): Promise<BehaviorTemplate> {
  return api.post<BehaviorTemplate>(`/api/admin/behavior-templates/${encodeURIComponent(id)}/default`, {});
}

export function useSetDefaultBehaviorTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultBehaviorTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BEHAVIOR_TEMPLATES_QUERY_ROOT }),
  });
}
