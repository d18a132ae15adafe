import type { ChatbotTemplate, CreateChatbotTemplateBody, UpdateChatbotTemplateBody } from '@parley/shared/contracts/chatbot-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHATBOT_TEMPLATES_QUERY_ROOT } from './get-chatbot-templates';

export type SaveChatbotTemplateInput = { id: null; body: CreateChatbotTemplateBody } | { id: string; body: UpdateChatbotTemplateBody };

/** POST /api/admin/chatbot-templates to create, PATCH /api/admin/chatbot-templates/:id to edit. */
export function saveChatbotTemplate(input: SaveChatbotTemplateInput): Promise<ChatbotTemplate> {
  return input.id === null
    ? api.post<ChatbotTemplate>('/api/admin/chatbot-templates', input.body)
    : api.patch<ChatbotTemplate>(`/api/admin/chatbot-templates/${encodeURIComponent(input.id)}`, input.body);
}

export function useSaveChatbotTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChatbotTemplate,
    // Also after a failure: a 409 means another admin saved the template, and the grid shows their version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHATBOT_TEMPLATES_QUERY_ROOT }),
  });
}
