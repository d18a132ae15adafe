import type { KnowledgeSource } from '@parley/shared/contracts/chatbots';
import { DatabaseIcon } from 'lucide-react';
import { useState } from 'react';
import { type FailedQuery, LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, hasSourcesInProgress } from '../utils/source-format';
import { DeleteSourceDialog } from './delete-source-dialog';
import { SourceRow } from './source-row';

interface SourceListProps {
  /** The chatbot's sources, as useSources gives them. */
  query: FailedQuery & { data: KnowledgeSource[] | undefined; isPending: boolean };
}

function summary(sources: KnowledgeSource[]): string {
  const ready = sources.filter((source) => source.status === 'ready');
  const chunks = ready.reduce((total, source) => total + source.chunkCount, 0);
  const tokens = ready.reduce((total, source) => total + source.tokenCount, 0);
  return `${formatCount(sources.length, 'source')} · ${formatCount(chunks, 'chunk')} · ${formatCount(tokens, 'token')}`;
}

export function SourceList({ query }: SourceListProps) {
  const { data: sources, isPending, error } = query;
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);

  return (
    <Card className="gap-0 py-0">
      <CardHeader className="border-b py-4">
        <CardTitle className="text-base">Sources</CardTitle>
        <CardDescription aria-live="polite">
          {sources && sources.length > 0 ? `${summary(sources)}${hasSourcesInProgress(sources) ? ' · processing…' : ''}` : 'What the chatbot answers from.'}
        </CardDescription>
      </CardHeader>
      {isPending ? (
        <LoadingRows label="Loading sources" rows={2} className="h-12" containerClassName="gap-3 p-6" />
      ) : error ? (
        <div className="p-6">
          <LoadErrorAlert title="Could not load the training data" query={query} retryLabel="Try again" />
        </div>
      ) : !sources || sources.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <DatabaseIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No training data yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Upload a document, paste some text or add a web page. The chatbot answers only from what you add here.
          </p>
        </div>
      ) : (
        <ul className="divide-y" aria-label="Sources">
          {sources.map((source) => (
            <SourceRow key={source.id} source={source} onDelete={() => setDeleting(source)} />
          ))}
        </ul>
      )}
      {deleting && <DeleteSourceDialog source={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
