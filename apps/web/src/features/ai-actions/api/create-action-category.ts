import type { ActionCategory, CreateActionCategoryBody } from '@parley/shared/contracts/ai-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** POST /api/admin/ai-actions/categories. */
export function createActionCategory(body: CreateActionCategoryBody): Promise<ActionCategory> {
  return api.post<ActionCategory>('/api/admin/ai-actions/categories', body);
}

export function useCreateActionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActionCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ACTIONS_QUERY_ROOT }),
  });
}
