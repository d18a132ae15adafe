import type { SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TextSourceBody } from './add-text-source';

const base = (chatbotId: string) => `/api/chatbots/${encodeURIComponent(chatbotId)}/sources`;

/** POST /api/chatbots/:id/sources/file/estimate: what the file would cost, read as processing will read it. */
export function estimateFileCost({ chatbotId, file }: { chatbotId: string; file: File }): Promise<SourceCostEstimate> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<SourceCostEstimate>(`${base(chatbotId)}/file/estimate`, form);
}

/** POST /api/chatbots/:id/sources/url/estimate: the server fetches the page now and measures its text. */
export function estimateUrlCost({ chatbotId, url }: { chatbotId: string; url: string }): Promise<SourceCostEstimate> {
  return api.post<SourceCostEstimate>(`${base(chatbotId)}/url/estimate`, { url });
}

/** POST /api/chatbots/:id/sources/text/estimate. */
export function estimateTextCost({ chatbotId, body, signal }: { chatbotId: string; body: TextSourceBody; signal?: AbortSignal }): Promise<SourceCostEstimate> {
  return api.post<SourceCostEstimate>(`${base(chatbotId)}/text/estimate`, body, { signal });
}

export function useEstimateFileCost() {
  return useMutation({ mutationFn: estimateFileCost });
}

export function useEstimateUrlCost() {
  return useMutation({ mutationFn: estimateUrlCost });
}

/** The cost of the pasted text as it stands (the caller debounces it); nothing is asked for while it is empty. */
export function useTextCost(chatbotId: string, body: TextSourceBody) {
  const isComplete = body.name.trim() !== '' && body.text.trim() !== '';
  return useQuery({
    queryKey: ['source-cost', chatbotId, 'text', body.name, body.text],
    queryFn: ({ signal }) => estimateTextCost({ chatbotId, body, signal }),
    enabled: isComplete,
    staleTime: 0,
    retry: false,
  });
}
