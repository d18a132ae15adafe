import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BEHAVIOR_TEMPLATES_QUERY_ROOT } from './get-behavior-templates';

/** DELETE /api/admin/behavior-templates/:id; the server refuses the default. */
export function deleteBehaviorTemplate(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/behavior-templates/${encodeURIComponent(id)}`);
}

export function useDeleteBehaviorTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBehaviorTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BEHAVIOR_TEMPLATES_QUERY_ROOT }),
  });
}
