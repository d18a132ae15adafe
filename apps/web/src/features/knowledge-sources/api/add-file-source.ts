import type { KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addToSourceList } from './get-sources';

/** POST /api/chatbots/:id/sources/file (multipart field "file"): the source is queued for processing. */
export function addFileSource({ chatbotId, file }: { chatbotId: string; file: File }): Promise<KnowledgeSource> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<KnowledgeSource>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources/file`, form);
}

export function useAddFileSource() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addFileSource, onSuccess: (source) => addToSourceList(queryClient, source) });
}
