import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addToSourceList } from './get-sources';

/** POST /api/chatbots/:id/sources/url: the server fetches the page (with a timeout, a size limit and no private addresses). */
export function addUrlSource({ chatbotId, url }: { chatbotId: string; url: string }): Promise<KnowledgeSource> {
  return api.post<KnowledgeSource>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources/url`, { url });
}

export function useAddUrlSource() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addUrlSource, onSuccess: (source) => addToSourceList(queryClient, source) });
}
