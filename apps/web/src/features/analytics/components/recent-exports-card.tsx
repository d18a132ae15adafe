import type { AnalyticsExport } from '@parley/shared/contracts/analytics';
import { UUID_PATTERN } from '@parley/shared/constants';
import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import { CalendarClockIcon, DownloadIcon, FileSpreadsheetIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useChatbotNames } from '../api/get-chatbot-options';
import { exportDownloadUrl, useExport } from '../api/get-export';
import { useExports } from '../api/get-exports';
import { EXPORT_LIST_PAGE_SIZE, exportProgressText, isExportPending, REPORT_SHORT_LABELS, STATUS_LABELS, type ExportStatus } from '../utils/export-status';
import { formatPeriod } from '../utils/period';
import { ExportProgress } from './export-progress';

const STATUS_CLASS: Record<ExportStatus, string> = {
  queued: 'text-muted-foreground',
  running: 'border-brand/30 bg-brand/10 text-brand',
  done: 'border-success/30 bg-success/10 text-success',
  failed: 'border-destructive/30 bg-destructive/10 text-destructive',
};

function ExportRow({ item, chatbotName, linked = false }: { item: AnalyticsExport; chatbotName: string; linked?: boolean }) {
  return (
    <li
      className={cn('grid gap-2 py-3 first:pt-0 last:pb-0', linked && 'rounded-lg border border-brand/40 bg-brand/5 px-3 first:pt-3 last:pb-3')}
      data-testid={linked ? 'linked-export' : 'export-row'}
    >
      <div className="flex items-start gap-3">
        <FileSpreadsheetIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
            {REPORT_SHORT_LABELS[item.report]}
            <Badge variant="outline" className={STATUS_CLASS[item.status]}>
              {STATUS_LABELS[item.status]}
            </Badge>
            {item.scheduled && (
              <Badge variant="secondary">
                <CalendarClockIcon /> Scheduled
              </Badge>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatPeriod(item.from, item.to)} · {chatbotName}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(item.createdAt)}
            {item.status === 'done' || item.status === 'failed' ? ` · ${exportProgressText(item)}` : ''}
          </p>
        </div>
        {item.status === 'done' && (
          <Button variant="outline" size="sm" asChild>
            <a href={exportDownloadUrl(item.id)} download={item.fileName} aria-label={`Download ${item.fileName}`}>
              <DownloadIcon />
              <span className="hidden sm:inline">Download</span>
            </a>
          </Button>
        )}
      </div>
      {isExportPending(item.status) && <ExportProgress item={item} label={`Progress of the ${REPORT_SHORT_LABELS[item.report]} export`} className="pl-7" />}
      {item.status === 'done' && item.error && (
        // Built, but e-mailing it failed: the file is here instead.
        <p className="pl-7 text-xs text-amber-700 dark:text-amber-400">{sanitizeErrorMessage(item.error, 'The report could not be e-mailed.')}</p>
      )}
    </li>
  );
}

function chatbotLabel(chatbotId: string | null, chatbots: ReturnType<typeof useChatbotNames>): string {
  if (chatbotId === null) return 'All chatbots';
  return chatbots.names.get(chatbotId) ?? (chatbots.isSuccess ? 'A deleted chatbot' : 'One chatbot');
}

/** The organization's exports, newest first, a few at a time; rows still being written update themselves. */
export function RecentExportsCard({ onExport }: { onExport: () => void }) {
  const [page, setPage] = useState(1);
  const query = useExports({ page, pageSize: EXPORT_LIST_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  // A scheduled report's e-mail links here (?export=id) when the file was too large to attach, or e-mailing failed.
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get('export');
  const linked = useExport(linkedId && UUID_PATTERN.test(linkedId) ? linkedId : null);
  // The names of the chatbots the rows shown were made for: a page of them, not every chatbot of the organization.
  const chatbots = useChatbotNames([linked.data?.chatbotId ?? null, ...(query.data?.items.map((item) => item.chatbotId) ?? [])]);
  const linkedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked.data) linkedRef.current?.scrollIntoView({ block: 'center' });
  }, [linked.data]);

  return (
    <Card className="min-w-0 gap-4" data-testid="recent-exports">
      <CardHeader>
        <CardTitle>Recent exports</CardTitle>
        <CardDescription>CSV reports you started or a schedule made.</CardDescription>
        <CardAction>
          <Button size="sm" variant="outline" onClick={onExport}>
            <DownloadIcon />
            Export report
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
        {linked.data && (
          <div ref={linkedRef} className="grid gap-1.5">
            <p className="text-xs font-medium text-muted-foreground">The report your e-mail links to</p>
            <ul className="grid grid-cols-1">
              <ExportRow item={linked.data} chatbotName={chatbotLabel(linked.data.chatbotId, chatbots)} linked />
            </ul>
          </div>
        )}
        {linked.isError && <LoadErrorAlert query={linked} title="The report your e-mail links to could not be found" />}
        {query.isPending ? (
          <LoadingRows label="Loading exports" rows={3} className="h-12" containerClassName="gap-3" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Exports could not be loaded" />
        ) : query.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground">
            No exports yet. Export a report to download it as CSV.
          </p>
        ) : (
          <>
            <ul className="grid grid-cols-1 divide-y">
              {query.data.items.map((item) => (
                <ExportRow key={item.id} item={item} chatbotName={chatbotLabel(item.chatbotId, chatbots)} />
              ))}
            </ul>
            <ListPager page={page} pageSize={EXPORT_LIST_PAGE_SIZE} total={total} onPage={setPage} label="Export pages" busy={query.isPlaceholderData} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
