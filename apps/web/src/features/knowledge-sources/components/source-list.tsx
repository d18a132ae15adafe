import type { KnowledgeSource } from '@parley/shared/contracts/chatbots';
import { AlertCircleIcon, DatabaseIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { formatCount, hasSourcesInProgress } from '../utils/source-format';
import { DeleteSourceDialog } from './delete-source-dialog';
import { SourceRow } from './source-row';

interface SourceListProps {
  sources: KnowledgeSource[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
}

function summary(sources: KnowledgeSource[]): string {
  const ready = sources.filter((source) => source.status === 'ready');
  const chunks = ready.reduce((total, source) => total + source.chunkCount, 0);
  const tokens = ready.reduce((total, source) => total + source.tokenCount, 0);
  return `${formatCount(sources.length, 'source')} · ${formatCount(chunks, 'chunk')} · ${formatCount(tokens, 'token')}`;
}

export function SourceList({ sources, isPending, error, onRetry }: SourceListProps) {
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
        <div className="grid gap-3 p-6" aria-busy="true" aria-label="Loading sources">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : error ? (
        <div className="p-6">
          <Alert variant="destructive">
            <AlertCircleIcon />
            <AlertTitle>Could not load the training data</AlertTitle>
            <AlertDescription>
              <p>{getErrorMessage(error)}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
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
