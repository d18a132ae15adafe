import type { ActionTemplate, UpdateActionTemplateBody } from '@parley/shared/contracts/ai-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** PATCH /api/admin/ai-actions/templates/:id: any fields; a lone isActive or isFeatured is logged as a toggle. */
export function updateActionTemplate({ id, changes }: { id: string; changes: UpdateActionTemplateBody }): Promise<ActionTemplate> {
  return api.patch<ActionTemplate>(`/api/admin/ai-actions/templates/${encodeURIComponent(id)}`, changes);
}

export function useUpdateActionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActionTemplate,
    // Also after a failure: a 409 means another admin saved the template, and the list shows their version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: AI_ACTIONS_QUERY_ROOT }),
  });
}
