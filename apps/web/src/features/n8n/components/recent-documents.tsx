import type { N8nMonitoring } from '@parley/shared/contracts/n8n';
import { CheckCircle2Icon, FileTextIcon, TriangleAlertIcon, XCircleIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

type Outcome = N8nMonitoring['recentDocuments'][number]['outcome'];

const OUTCOMES: Record<Outcome, { label: string; icon: typeof CheckCircle2Icon; className: string }> = {
  n8n: { label: 'Chunked by n8n', icon: CheckCircle2Icon, className: 'text-success' },
  fallback: { label: 'Processed by the built-in pipeline instead', icon: TriangleAlertIcon, className: 'text-amber-600 dark:text-amber-400' },
  failed: { label: 'Failed', icon: XCircleIcon, className: 'text-destructive' },
  built_in: { label: 'Sent to the built-in pipeline by its rule', icon: CheckCircle2Icon, className: 'text-muted-foreground' },
};

/** The latest documents of the n8n processing mode and how each ended, with why n8n was not used. */
export function RecentDocuments({ data }: { data: N8nMonitoring | undefined }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Recent documents</CardTitle>
        <CardDescription>The latest documents processed in the n8n mode and how each ended, each once whatever its retries.</CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <LoadingRows label="Loading recent documents" rows={3} className="h-12" />
        ) : data.recentDocuments.length === 0 ? (
          <EmptyState icon={FileTextIcon} title="No documents yet" description="Documents processed while the processing mode is n8n appear here." />
        ) : (
          <ul className="grid gap-2" aria-label="Recent documents">
            {data.recentDocuments.map((document) => {
              const outcome = OUTCOMES[document.outcome];
              return (
                <li key={document.id} className="flex items-start gap-3 rounded-lg border p-3 text-sm" data-testid="recent-document">
                  <outcome.icon className={`mt-0.5 size-4 shrink-0 ${outcome.className}`} aria-hidden />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-medium break-all">{document.documentName}</span>
                      <span className="text-xs text-muted-foreground tabular-nums">{formatDateTime(document.decidedAt)}</span>
                    </div>
                    <div className="text-xs text-muted-foreground">
                      {outcome.label}
                      {document.ruleName && <span> · rule {document.ruleName}</span>}
                    </div>
                    {document.reason && <div className="text-xs break-words text-destructive">{document.reason}</div>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
