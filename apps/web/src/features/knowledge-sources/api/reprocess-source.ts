import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addToSourceList } from './get-sources';

/** POST /api/chatbots/:id/sources/:sourceId/reprocess: queued again; its chunks are replaced when it is done. */
export function reprocessSource({ chatbotId, sourceId }: { chatbotId: string; sourceId: string }): Promise<KnowledgeSource> {
  return api.post<KnowledgeSource>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources/${encodeURIComponent(sourceId)}/reprocess`);
}

export function useReprocessSource() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reprocessSource, onSuccess: (source) => addToSourceList(queryClient, source) });
}
