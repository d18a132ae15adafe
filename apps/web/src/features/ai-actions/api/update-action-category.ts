import type { ActionCategory, UpdateActionCategoryBody } from '@parley/shared/contracts/ai-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** PATCH /api/admin/ai-actions/categories/:id: edit, deactivate or reactivate. */
export function updateActionCategory({ id, changes }: { id: string; changes: UpdateActionCategoryBody }): Promise<ActionCategory> {
  return api.patch<ActionCategory>(`/api/admin/ai-actions/categories/${encodeURIComponent(id)}`, changes);
}

export function useUpdateActionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActionCategory,
    // Also after a failure: a 409 means another admin saved the category, and the list shows their version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: AI_ACTIONS_QUERY_ROOT }),
  });
}
