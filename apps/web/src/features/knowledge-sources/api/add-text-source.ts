import type { createTextSourceBodySchema, KnowledgeSource } from '@parley/shared/contracts/knowledge-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { addToSourceList } from './get-sources';

export type TextSourceBody = z.input<typeof createTextSourceBodySchema>;

/** POST /api/chatbots/:id/sources/text: pasted text, queued for processing. */
export function addTextSource({ chatbotId, body }: { chatbotId: string; body: TextSourceBody }): Promise<KnowledgeSource> {
  return api.post<KnowledgeSource>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources/text`, body);
}

export function useAddTextSource() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTextSource, onSuccess: (source) => addToSourceList(queryClient, source) });
}
