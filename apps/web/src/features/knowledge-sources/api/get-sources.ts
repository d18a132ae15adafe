import type { KnowledgeSource } from '@parley/shared/contracts/chatbots';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hasSourcesInProgress, SOURCES_POLL_MS } from '../utils/source-format';

export function sourcesQueryKey(chatbotId: string) {
  return ['knowledge-sources', chatbotId] as const;
}

/** GET /api/chatbots/:id/sources: the chatbot's training data with processing status and percent. */
export async function getSources(chatbotId: string, { signal }: { signal?: AbortSignal } = {}): Promise<KnowledgeSource[]> {
  const { items } = await api.get<{ items: KnowledgeSource[] }>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources`, { signal });
  return items;
}

export function getSourcesQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: sourcesQueryKey(chatbotId),
    queryFn: ({ signal }) => getSources(chatbotId, { signal }),
    // Ask again while something is being processed; stop once every source has settled.
    refetchInterval: (query) => (hasSourcesInProgress(query.state.data) ? SOURCES_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useSources(chatbotId: string) {
  return useQuery(getSourcesQueryOptions(chatbotId));
}

/**
 * Shows a new or re-queued source at once (the list then starts polling, since it is queued) and asks the server
 * for the truth.
 */
export async function addToSourceList(queryClient: QueryClient, source: KnowledgeSource): Promise<void> {
  const key = sourcesQueryKey(source.chatbotId);
  queryClient.setQueryData<KnowledgeSource[]>(key, (sources = []) =>
    sources.some((s) => s.id === source.id) ? sources.map((s) => (s.id === source.id ? source : s)) : [source, ...sources],
  );
  await queryClient.invalidateQueries({ queryKey: key });
}
