import type { KnowledgeSource, KnowledgeSourceList, KnowledgeSourceTotals } from '@parley/shared/contracts/knowledge-sources';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hasSourcesInProgress, SOURCE_PAGE_SIZE, SOURCES_POLL_MS } from '../utils/source-format';
import { chatbotSourcesQueryRoot } from '@/lib/query-keys';

/** Which page of the list, and what narrows it. */
export interface SourceListView {
  page: number;
  search: string;
  status: KnowledgeSource['status'] | null;
}

/** Every page of one chatbot's list shares this prefix, so a change can refresh them all. */
export function sourcesQueryKey(chatbotId: string) {
  return chatbotSourcesQueryRoot(chatbotId);
}

/** GET /api/chatbots/:id/sources: one page of the chatbot's training data with processing status, and its totals. */
export async function getSources(chatbotId: string, view: SourceListView, { signal }: { signal?: AbortSignal } = {}): Promise<KnowledgeSourceList> {
  const params = new URLSearchParams({ page: String(view.page), pageSize: String(SOURCE_PAGE_SIZE) });
  if (view.search) params.set('search', view.search);
  if (view.status) params.set('status', view.status);
  return api.get<KnowledgeSourceList>(`/api/chatbots/${encodeURIComponent(chatbotId)}/sources?${params}`, { signal });
}

export function getSourcesQueryOptions(chatbotId: string, view: SourceListView) {
  return queryOptions({
    queryKey: [...sourcesQueryKey(chatbotId), view] as const,
    queryFn: ({ signal }) => getSources(chatbotId, view, { signal }),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    // Ask again while anything of the chatbot is being processed, on this page or another; stop once all settled.
    refetchInterval: (query) => (hasSourcesInProgress(query.state.data?.totals) ? SOURCES_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useSources(chatbotId: string, view: SourceListView) {
  return useQuery(getSourcesQueryOptions(chatbotId, view));
}

/** The list as it first opens: the upload limit is read from it. */
const FIRST_PAGE: SourceListView = { page: 1, search: '', status: null };

/**
 * The largest file an upload may be, in MB (the system configuration's max_document_size_mb, sent with the list);
 * undefined until the list has loaded. Reads the first page the list shows, without polling it a second time.
 */
export function useMaxDocumentSizeMb(chatbotId: string): number | undefined {
  return useQuery({ ...getSourcesQueryOptions(chatbotId, FIRST_PAGE), refetchInterval: false, select: (list) => list.maxDocumentSizeMb }).data;
}

/** Applies `change` to every cached page of the chatbot's list, with the view each page was asked for. */
function updateSourcePages(queryClient: QueryClient, chatbotId: string, change: (list: KnowledgeSourceList, view: SourceListView) => KnowledgeSourceList) {
  for (const [key, list] of queryClient.getQueriesData<KnowledgeSourceList>({ queryKey: sourcesQueryKey(chatbotId) })) {
    const view = key[2] as SourceListView | undefined;
    if (list && view) queryClient.setQueryData<KnowledgeSourceList>(key, change(list, view));
  }
}

const counted = (totals: KnowledgeSourceTotals, status: KnowledgeSource['status'], by: number): KnowledgeSourceTotals => ({
  ...totals,
  sources: totals.sources + by,
  [status]: totals[status] + by,
});

/**
 * Shows a new or re-queued source at once (the list then polls, since it is queued) and asks the server for the
 * truth: a new source goes first on the first page of every view it belongs to.
 */
export async function addToSourceList(queryClient: QueryClient, source: KnowledgeSource): Promise<void> {
  updateSourcePages(queryClient, source.chatbotId, (list, view) => {
    if (list.items.some((s) => s.id === source.id)) return { ...list, items: list.items.map((s) => (s.id === source.id ? source : s)) };
    const totals = counted(list.totals, source.status, 1);
    const shown = view.page === 1 && !view.search && (!view.status || view.status === source.status);
    return shown ? { ...list, items: [source, ...list.items].slice(0, list.pageSize), total: list.total + 1, totals } : { ...list, totals };
  });
  await queryClient.invalidateQueries({ queryKey: sourcesQueryKey(source.chatbotId) });
}

/** Takes a deleted source off every cached page at once, then asks the server for the pages as they now are. */
export async function removeFromSourceList(queryClient: QueryClient, source: Pick<KnowledgeSource, 'id' | 'chatbotId' | 'status'>): Promise<void> {
  updateSourcePages(queryClient, source.chatbotId, (list) =>
    list.items.some((s) => s.id === source.id)
      ? { ...list, items: list.items.filter((s) => s.id !== source.id), total: list.total - 1, totals: counted(list.totals, source.status, -1) }
      : { ...list, totals: counted(list.totals, source.status, -1) },
  );
  await queryClient.invalidateQueries({ queryKey: sourcesQueryKey(source.chatbotId) });
}
