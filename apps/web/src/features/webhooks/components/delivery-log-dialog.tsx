import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_MESSAGES,
  type WebhookConfig,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryStatus,
} from '@parley/shared/contracts/webhooks';
import { ChevronDownIcon, HistoryIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime, formatLatency } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import type { WebhookScope } from '../api/webhook-scope';
import { DELIVERY_STATUS_STYLE, deliveryStatusLabel, formatDueIn, prettyJson } from '../utils/delivery-display';

const PAGE_SIZE = 20;
const ALL = 'all';

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge variant="outline" className={cn('font-medium', DELIVERY_STATUS_STYLE[status])}>
      {deliveryStatusLabel(status)}
    </Badge>
  );
}

/** Every finished attempt of a delivery, oldest first: when, how the endpoint answered, how long it took, why it failed. */
function AttemptLog({ attempts }: { attempts: WebhookDeliveryAttempt[] }) {
  return (
    <div className="grid gap-1">
      <span className="text-muted-foreground">Attempts</span>
      <ol className="grid divide-y rounded border bg-background" aria-label="Attempts">
        {attempts.map((attempt, index) => (
          <li key={attempt.attemptedAt + String(index)} className="grid gap-1 px-2 py-1.5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 tabular-nums">
              <span className="w-5 text-muted-foreground">{index + 1}.</span>
              <span>{formatDateTime(attempt.attemptedAt)}</span>
              <span className={attempt.succeeded ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}>
                {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : 'No answer'}
              </span>
              <span className="text-muted-foreground">{formatLatency(attempt.latencyMs)}</span>
            </div>
            {attempt.error && <p className="pl-8 text-red-700 dark:text-red-300">{attempt.error}</p>}
            {attempt.responseExcerpt && !attempt.succeeded && (
              <p className="truncate pl-8 font-mono text-muted-foreground" title={attempt.responseExcerpt}>
                {attempt.responseExcerpt}
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function DeliveryRow({
  delivery,
  canResend,
  onResend,
  isResending,
}: {
  delivery: WebhookDelivery;
  canResend: boolean;
  onResend: () => void;
  isResending: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const outcome =
    delivery.statusCode !== null ? `HTTP ${delivery.statusCode}` : delivery.status === 'pending' && delivery.attempts === 0 ? 'Not sent yet' : 'No answer';
  return (
    <Collapsible open={isOpen} onOpenChange={setOpen} className="rounded-md border" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
        <CollapsibleTrigger asChild>
          <button type="button" className="flex min-w-0 flex-1 items-center gap-3 text-left" aria-label={`Details of ${delivery.eventType} delivery`}>
            <ChevronDownIcon className={cn('size-4 shrink-0 text-muted-foreground transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
            <DeliveryStatusBadge status={delivery.status} />
            <span className="grid min-w-0 gap-0.5">
              <code className="truncate font-mono text-xs font-medium">{delivery.eventType}</code>
              <span className="text-xs text-muted-foreground">{formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</span>
            </span>
          </button>
        </CollapsibleTrigger>
        <div className="flex items-center gap-3 text-xs text-muted-foreground tabular-nums">
          <span>{outcome}</span>
          <span>{formatLatency(delivery.latencyMs)}</span>
          <span>
            {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
          </span>
          {canResend && (
            <Button type="button" variant="outline" size="sm" onClick={onResend} disabled={isResending} aria-label={`Resend ${delivery.eventType}`}>
              {isResending ? <Spinner /> : <RotateCcwIcon />}
              Resend
            </Button>
          )}
        </div>
      </div>
      <CollapsibleContent className="grid gap-3 border-t bg-muted/30 p-3 text-xs">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">webhook-id</dt>
          <dd className="font-mono break-all">{delivery.eventId}</dd>
          {delivery.nextAttemptAt && (
            <>
              <dt className="text-muted-foreground">Next attempt</dt>
              <dd>
                {formatDateTime(delivery.nextAttemptAt)} ({formatDueIn(delivery.nextAttemptAt)})
              </dd>
            </>
          )}
          {delivery.error && (
            <>
              <dt className="text-muted-foreground">Error</dt>
              <dd className="text-red-700 dark:text-red-300">{delivery.error}</dd>
            </>
          )}
        </dl>
        {delivery.attemptLog.length > 0 && <AttemptLog attempts={delivery.attemptLog} />}
        {delivery.responseExcerpt ? (
          <div className="grid gap-1">
            <span className="text-muted-foreground">Response</span>
            <pre className="max-h-40 overflow-auto rounded border bg-background p-2 font-mono whitespace-pre-wrap">{delivery.responseExcerpt}</pre>
          </div>
        ) : null}
        <div className="grid gap-1">
          <span className="text-muted-foreground">Payload</span>
          <pre className="max-h-64 overflow-auto rounded border bg-background p-2 font-mono">{prettyJson(delivery.payload)}</pre>
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}

/** One webhook's delivery log: attempts, status, latency, the answer's beginning, paginated, with Resend. */
export function DeliveryLogDialog({ scope, webhook, onClose }: { scope: WebhookScope; webhook: WebhookConfig | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const query = useWebhookDeliveries(scope, webhook?.id ?? '', { page, pageSize: PAGE_SIZE, status }, { enabled: webhook !== null });
  const resend = useResendWebhookDelivery(scope, webhook?.id ?? '');

  const close = () => {
    setPage(1);
    setStatus(undefined);
    onClose();
  };

  let body;
  if (query.isPending) body = <LoadingRows label="Loading deliveries" rows={4} className="h-14 w-full" />;
  else if (query.isError) body = <LoadErrorAlert query={query} title="The delivery log could not be loaded" />;
  else if (query.data.items.length === 0)
    body = (
      <EmptyState
        icon={HistoryIcon}
        title={status ? `No ${deliveryStatusLabel(status).toLowerCase()} deliveries` : 'No deliveries yet'}
        description={status ? 'Choose another status to see more.' : 'Press Test to send a webhook.test event, or wait for one of the chosen events to happen.'}
      />
    );
  else
    body = (
      <div className="grid gap-2">
        {query.data.items.map((delivery) => (
          <DeliveryRow
            key={delivery.id}
            delivery={delivery}
            canResend={webhook?.isActive === true && (delivery.status === 'succeeded' || delivery.status === 'dead')}
            isResending={resend.isPending && resend.variables === delivery.id}
            onResend={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => {
                  toast.success(WEBHOOK_MESSAGES.resent);
                  setPage(1);
                },
                onError: (error) => toast.error('The event could not be queued again', { description: getErrorMessage(error) }),
              })
            }
          />
        ))}
      </div>
    );

  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Deliveries · {webhook?.name}</DialogTitle>
          <DialogDescription className="break-all">{webhook?.url}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Select
            value={status ?? ALL}
            onValueChange={(value) => {
              setStatus(value === ALL ? undefined : (value as WebhookDeliveryStatus));
              setPage(1);
            }}
          >
            <SelectTrigger className="w-44" aria-label="Status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {WEBHOOK_DELIVERY_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {deliveryStatusLabel(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {!webhook?.isActive && <p className="text-xs text-muted-foreground">Turn the webhook on to resend deliveries.</p>}
        </div>
        {body}
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={query.data?.total ?? 0}
          onPage={setPage}
          label="Delivery pages"
          busy={query.isFetching}
          noun={['delivery', 'deliveries']}
        />
      </DialogContent>
    </Dialog>
  );
}
