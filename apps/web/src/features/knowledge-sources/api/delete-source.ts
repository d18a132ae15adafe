import type { KnowledgeSource } from '@parley/shared/contracts/chatbots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcesQueryKey } from './get-sources';

/** DELETE /api/chatbots/:id/sources/:sourceId: the source and its chunks. */
export function deleteSource({ chatbotId, sourceId }: { chatbotId: string; sourceId: string }): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources/${encodeURIComponent(sourceId)}`);
}

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSource,
    onSuccess: async (_result, { chatbotId, sourceId }) => {
      const key = sourcesQueryKey(chatbotId);
      queryClient.setQueryData<KnowledgeSource[]>(key, (sources) => sources?.filter((source) => source.id !== sourceId));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
