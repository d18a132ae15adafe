import type { BehaviorTemplate, CreateBehaviorTemplateBody, UpdateBehaviorTemplateBody } from '@parley/shared/contracts/behavior-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BEHAVIOR_TEMPLATES_QUERY_ROOT } from './get-behavior-templates';

export type SaveBehaviorTemplateInput = { id: null; body: CreateBehaviorTemplateBody } | { id: string; body: UpdateBehaviorTemplateBody };

/** POST /api/admin/behavior-templates to create, PATCH /api/admin/behavior-templates/:id to edit. */
export function saveBehaviorTemplate(input: SaveBehaviorTemplateInput): Promise<BehaviorTemplate> {
  return input.id === null
    ? api.post<BehaviorTemplate>('/api/admin/behavior-templates', input.body)
    : api.patch<BehaviorTemplate>(`/api/admin/behavior-templates/${encodeURIComponent(input.id)}`, input.body);
}

export function useSaveBehaviorTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBehaviorTemplate,
    // Also after a failure: a 409 means another admin saved the template, and the list shows their version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: BEHAVIOR_TEMPLATES_QUERY_ROOT }),
  });
}
