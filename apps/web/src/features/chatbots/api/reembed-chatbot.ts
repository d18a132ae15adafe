import type { ReembedResult } from '@parley/shared/contracts/knowledge-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotSourcesQueryRoot } from '@/lib/query-keys';
import { CHATBOTS_QUERY_ROOT } from './get-chatbots';

/** POST /api/chatbots/:id/re-embed: the chatbot moves to the current default embedder; every source is processed again. */
export function reembedChatbot(id: string): Promise<ReembedResult> {
  return api.post<ReembedResult>(`/api/chatbots/${encodeURIComponent(id)}/re-embed`);
}

export function useReembedChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reembedChatbot,
    // The chatbot (its embedder) and its sources (queued again, then their progress) are read afresh.
    onSuccess: (_result, id) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: CHATBOTS_QUERY_ROOT }), queryClient.invalidateQueries({ queryKey: chatbotSourcesQueryRoot(id) })]),
  });
}
