import type { ActionTemplate, CreateActionTemplateBody } from '@parley/shared/contracts/ai-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AI_ACTIONS_QUERY_ROOT } from './keys';

/** POST /api/admin/ai-actions/templates: the template with its webhooks and event handlers. */
export function createActionTemplate(body: CreateActionTemplateBody): Promise<ActionTemplate> {
  return api.post<ActionTemplate>('/api/admin/ai-actions/templates', body);
}

export function useCreateActionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActionTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ACTIONS_QUERY_ROOT }),
  });
}
