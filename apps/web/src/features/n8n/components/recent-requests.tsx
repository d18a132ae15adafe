import type { N8nMonitoring, N8nRequestKind } from '@parley/shared/contracts/n8n';
import { CheckCircle2Icon, HistoryIcon, XCircleIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatNumber } from '@/lib/format';

const KIND_LABELS: Record<N8nRequestKind, string> = {
  webhook_test: 'Webhook test',
  ingestion: 'Document hand-off',
  connection_test: 'Connection test',
  action: 'Chatbot action',
};

/** Recent Activity (the spec's "coming soon" placeholder, built): the latest requests Parley sent n8n. */
export function RecentRequests({ data }: { data: N8nMonitoring | undefined }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <CardDescription>The latest requests Parley sent n8n, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <LoadingRows label="Loading recent activity" rows={3} className="h-12" />
        ) : data.recent.length === 0 ? (
          <EmptyState icon={HistoryIcon} title="No requests yet" description="Webhook tests, connection tests and document hand-offs to n8n appear here." />
        ) : (
          <ul className="grid gap-2" aria-label="Recent requests to n8n">
            {data.recent.map((request) => (
              <li key={request.id} className="flex items-start gap-3 rounded-lg border p-3 text-sm" data-testid="recent-request">
                {request.status === 'success' ? (
                  <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-label="Succeeded" />
                ) : (
                  <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />
                )}
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">
                      {KIND_LABELS[request.kind]}
                      {(request.endpointName ?? request.workflowName) && (
                        <span className="font-normal text-muted-foreground"> · {request.endpointName ?? request.workflowName}</span>
                      )}
                    </span>
                    <span className="text-xs text-muted-foreground tabular-nums">{formatDateTime(request.startedAt)}</span>
                  </div>
                  <div className="font-mono text-xs break-all text-muted-foreground">
                    {request.method} {request.url}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {request.httpStatus !== null ? `HTTP ${request.httpStatus}` : 'No answer'} · {formatNumber(request.durationMs)} ms
                    {request.error && <span className="text-destructive"> · {request.error}</span>}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
