import { SEARCH_DEBOUNCE_MS } from '@parley/shared/admin-console';
import { SOURCE_SEARCH_MAX, SOURCE_STATUSES, type KnowledgeSource, type KnowledgeSourceTotals } from '@parley/shared/contracts/knowledge-sources';
import { DatabaseIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ListPager } from '@/components/layout/list-pager';
import { SearchInput } from '@/components/layout/search-input';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePageOfFilter } from '@/hooks/use-page-of-filter';
import { useSources } from '../api/get-sources';
import { formatCount, hasSourcesInProgress, SOURCE_PAGE_SIZE, STATUS_LABELS } from '../utils/source-format';
import { DeleteSourceDialog } from './delete-source-dialog';
import { SourceRow } from './source-row';

const ALL = 'all';

interface SourceListProps {
  chatbotId: string;
  /** Called when the chatbot's source or chunk counts change, so its own figures can be refreshed. */
  onSourcesChanged?: () => void;
  /** Whether the viewer may re-process and delete sources (the shared table: sources.manage). */
  canManage?: boolean;
}

function summary(totals: KnowledgeSourceTotals): string {
  const parts = [formatCount(totals.sources, 'source'), formatCount(totals.chunks, 'chunk'), formatCount(totals.tokens, 'token')];
  if (totals.failed > 0) parts.push(`${totals.failed} failed`);
  return `${parts.join(' · ')}${hasSourcesInProgress(totals) ? ' · processing…' : ''}`;
}

/** The chatbot's training data, newest first, a page at a time, searchable by name and narrowed by status. */
export function SourceList({ chatbotId, onSourcesChanged, canManage = true }: SourceListProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<KnowledgeSource['status'] | null>(null);
  // The page belongs to the search and status it was picked under: a new search or status starts from the first.
  const filterKey = `${status ?? ''}|${search}`;
  const [page, setPage] = usePageOfFilter(filterKey);
  const query = useSources(chatbotId, { page, search, status });
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  const list = query.data;
  const totals = list?.totals;
  const filtered = Boolean(search || status);

  // The last source of the last page deleted: show the page before it.
  useEffect(() => {
    if (list && !query.isPlaceholderData && list.items.length === 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(list.total / SOURCE_PAGE_SIZE)));
    }
  }, [list, page, setPage, query.isPlaceholderData]);

  // The chatbot's source and chunk counts change with the list; tell the page when they do.
  const signature = totals ? `${totals.sources}:${totals.chunks}` : null;
  const lastSignature = useRef(signature);
  useEffect(() => {
    if (signature === null || signature === lastSignature.current) return;
    lastSignature.current = signature;
    onSourcesChanged?.();
  }, [signature, onSourcesChanged]);

  const clearFilters = () => {
    setSearchText('');
    setStatus(null);
  };

  return (
    <Card className="gap-0 py-0">
      <CardHeader className="border-b py-4">
        <CardTitle className="text-base">Sources</CardTitle>
        <CardDescription aria-live="polite">{totals && totals.sources > 0 ? summary(totals) : 'What the chatbot answers from.'}</CardDescription>
      </CardHeader>
      {totals && (totals.sources > 0 || filtered) && (
        <div className="flex flex-col gap-3 border-b px-4 py-3 sm:flex-row sm:items-center sm:px-6">
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            placeholder="Search by name"
            label="Search sources by name"
            maxLength={SOURCE_SEARCH_MAX}
            className="sm:max-w-xs"
          />
          <Select value={status ?? ALL} onValueChange={(next) => setStatus(next === ALL ? null : (next as KnowledgeSource['status']))}>
            <SelectTrigger className="w-full sm:w-48" aria-label="Filter sources by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses ({totals.sources})</SelectItem>
              {SOURCE_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {STATUS_LABELS[value]} ({totals[value]})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {query.isFetching && query.isPlaceholderData && <Spinner className="text-muted-foreground" />}
        </div>
      )}
      {query.isPending ? (
        <LoadingRows label="Loading sources" rows={2} className="h-12" containerClassName="gap-3 p-6" />
      ) : query.isError || !list ? (
        <div className="p-6">
          <LoadErrorAlert title="Could not load the training data" query={query} retryLabel="Try again" />
        </div>
      ) : list.items.length === 0 && filtered ? (
        <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <p className="text-sm text-muted-foreground">No sources match {search ? `“${search}”` : 'this status'}.</p>
          <Button variant="outline" size="sm" onClick={clearFilters}>
            Clear filters
          </Button>
        </div>
      ) : list.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <DatabaseIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No training data yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Upload a document, paste some text or add a web page. The chatbot answers only from what you add here.
          </p>
        </div>
      ) : (
        <>
          <ul className="divide-y" aria-label="Sources">
            {list.items.map((source) => (
              <SourceRow key={source.id} source={source} canManage={canManage} onDelete={() => setDeleting(source)} />
            ))}
          </ul>
          {list.total > SOURCE_PAGE_SIZE && (
            <div className="border-t px-4 py-3 sm:px-6">
              <ListPager page={page} pageSize={SOURCE_PAGE_SIZE} total={list.total} onPage={setPage} label="Source pages" busy={query.isPlaceholderData} />
            </div>
          )}
        </>
      )}
      {deleting && <DeleteSourceDialog source={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
