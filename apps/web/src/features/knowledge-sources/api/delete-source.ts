import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removeFromSourceList } from './get-sources';

type DeletedSource = Pick<KnowledgeSource, 'id' | 'chatbotId' | 'status'>;

/** DELETE /api/chatbots/:id/sources/:sourceId: the source and its chunks. */
export function deleteSource(source: DeletedSource): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/chatbots/${encodeURIComponent(source.chatbotId)}/sources/${encodeURIComponent(source.id)}`);
}

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSource, onSuccess: (_result, source) => removeFromSourceList(queryClient, source) });
}
