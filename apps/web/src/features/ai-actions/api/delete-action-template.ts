import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** DELETE /api/admin/ai-actions/templates/:id. */
export function deleteActionTemplate(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/ai-actions/templates/${encodeURIComponent(id)}`);
}

export function useDeleteActionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActionTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ACTIONS_QUERY_ROOT }),
  });
}
