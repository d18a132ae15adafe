import type { DataExport } from '@parley/shared/contracts/data-exports';
import { DownloadIcon, FileArchiveIcon, InfoIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { dataExportDownloadUrl, isInProgress, useCreateDataExport, useDataExports, useDeleteDataExport } from '../api/get-data-exports';

const STATUS_LABEL: Record<DataExport['status'], string> = { queued: 'Waiting', running: 'Building', done: 'Ready', failed: 'Failed' };

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ExportRow({ item }: { item: DataExport }) {
  const remove = useDeleteDataExport();
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium break-all">{item.fileName}</span>
            <Badge variant={item.status === 'failed' ? 'destructive' : item.status === 'done' ? 'secondary' : 'outline'}>{STATUS_LABEL[item.status]}</Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            Requested {formatDate(item.createdAt)}
            {item.requestedBy && ` by ${item.requestedBy}`}
            {item.status === 'done' && ` · ${formatSize(item.sizeBytes)}`}
            {item.expiresAt && item.status === 'done' && ` · kept until ${formatDate(item.expiresAt)}`}
          </p>
        </div>
        {(item.status === 'done' || item.status === 'failed') && (
          <div className="flex gap-2">
            {item.status === 'done' && (
              <Button asChild size="sm">
                <a href={dataExportDownloadUrl(item.id)} download={item.fileName}>
                  <DownloadIcon />
                  Download
                </a>
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${item.fileName}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(item.id, { onSuccess: () => toast.success('Export deleted'), onError: (error) => toast.error(getErrorMessage(error)) })
              }
            >
              {remove.isPending ? <Spinner /> : <Trash2Icon />}
            </Button>
          </div>
        )}
      </div>
      {isInProgress(item) && (
        <div className="space-y-1">
          <Progress value={item.progress} aria-label={`Export progress ${item.progress}%`} />
          <p className="text-xs text-muted-foreground">
            {item.progress}% · {item.stage}
          </p>
        </div>
      )}
      {item.status === 'failed' && item.error && <p className="text-sm text-destructive">{item.error}</p>}
    </li>
  );
}

/** All of the organization's data as a ZIP, built in the background with progress, kept 7 days. */
export function DataExportsCard() {
  const exports = useDataExports();
  const create = useCreateDataExport();
  const isForbidden = exports.error instanceof ApiError && exports.error.status === 403;
  const isBuilding = exports.data?.items.some(isInProgress) ?? false;

  return (
    <Card>
      <CardHeader className="max-sm:has-data-[slot=card-action]:grid-cols-1">
        <CardTitle>Export your organization’s data</CardTitle>
        <CardDescription>
          A ZIP archive with your chatbots and their settings, documents (original files and their text), conversations with every message, handoffs, API key
          details (never the keys) and analytics. It is built in the background and kept for 7 days.
        </CardDescription>
        {!isForbidden && !exports.isError && (
          <CardAction className="max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-3 max-sm:mt-2 max-sm:justify-self-start">
            <Button
              size="sm"
              disabled={create.isPending || isBuilding || exports.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: () => toast.success('Export started', { description: 'You can leave this page; the archive keeps building.' }),
                  onError: (error) => toast.error(getErrorMessage(error)),
                })
              }
            >
              {create.isPending ? <Spinner /> : <FileArchiveIcon />}
              New export
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {exports.isPending ? (
          <LoadingRows label="Loading exports" rows={2} className="h-12 w-full" />
        ) : isForbidden ? (
          <Alert>
            <InfoIcon />
            <AlertTitle>Owners and admins only</AlertTitle>
            <AlertDescription>
              <p>Only owners and admins of this organization can export its data. Ask one of them for a copy.</p>
            </AlertDescription>
          </Alert>
        ) : exports.isError ? (
          <LoadErrorAlert query={exports} title="Could not load your exports" />
        ) : exports.data.items.length === 0 ? (
          <EmptyState
            icon={FileArchiveIcon}
            title="No exports yet"
            description="Start one with New export. Large organizations can take a few minutes; the progress shows here."
          />
        ) : (
          <ul className="divide-y">
            {exports.data.items.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
