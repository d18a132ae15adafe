import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** DELETE /api/admin/ai-actions/categories/:id: only a category no template uses (the server says so otherwise). */
export function deleteActionCategory(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/ai-actions/categories/${encodeURIComponent(id)}`);
}

export function useDeleteActionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActionCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ACTIONS_QUERY_ROOT }),
  });
}
