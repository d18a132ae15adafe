import { WEBHOOK_MESSAGES, type WebhookConfig, type WebhookDeliveryLimits } from '@parley/shared/contracts/webhooks';
import { AlertTriangleIcon, HistoryIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime, formatLatency } from '@/lib/format';
import { useDeleteWebhookConfig } from '../api/delete-webhook-config';
import { useTestWebhookConfig } from '../api/test-webhook-config';
import { useUpdateWebhookConfig } from '../api/update-webhook-config';
import type { WebhookScope } from '../api/webhook-scope';
import { deliveryStatusLabel } from '../utils/delivery-display';
import { DeliveryStatusBadge } from './delivery-log-dialog';

interface WebhookCardProps {
  scope: WebhookScope;
  webhook: WebhookConfig;
  limits: WebhookDeliveryLimits;
  onEdit: () => void;
  onShowDeliveries: () => void;
}

/** Spec "Webhook Configurations": a card per configuration with edit, delete and test; here also its log and state. */
export function WebhookCard({ scope, webhook, limits, onEdit, onShowDeliveries }: WebhookCardProps) {
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const test = useTestWebhookConfig(scope);
  const update = useUpdateWebhookConfig(scope);
  const remove = useDeleteWebhookConfig(scope);
  const retries = Math.min(webhook.retryCount, limits.maxRetryCount);
  const timeout = Math.min(webhook.timeoutSeconds, limits.maxTimeoutSeconds);

  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: (delivery) => {
        const timing = formatLatency(delivery.latencyMs);
        if (delivery.status === 'succeeded') toast.success(WEBHOOK_MESSAGES.testSucceeded, { description: `HTTP ${delivery.statusCode} in ${timing}.` });
        else toast.error(WEBHOOK_MESSAGES.testFailed, { description: getErrorMessage(delivery.error, 'The endpoint did not accept the test event.') });
      },
      onError: (error) => toast.error(WEBHOOK_MESSAGES.testFailed, { description: getErrorMessage(error) }),
    });

  const setActive = (isActive: boolean) =>
    update.mutate(
      { id: webhook.id, body: { isActive } },
      {
        onSuccess: () => toast.success(isActive ? `“${webhook.name}” is on` : `“${webhook.name}” is off`),
        onError: (error) => toast.error(WEBHOOK_MESSAGES.saveFailed, { description: getErrorMessage(error) }),
      },
    );

  const confirmDelete = () =>
    remove.mutate(webhook.id, {
      onSuccess: () => {
        setDeleteOpen(false);
        toast.success(WEBHOOK_MESSAGES.deleted);
      },
      onError: (error) => toast.error(WEBHOOK_MESSAGES.deleteFailed, { description: getErrorMessage(error) }),
    });

  const last = webhook.lastDelivery;
  return (
    <Card className="gap-4" data-testid="webhook-card">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="truncate text-base">{webhook.name}</CardTitle>
            {webhook.disabledReason ? (
              <Badge variant="destructive">Turned off</Badge>
            ) : webhook.isActive ? (
              <Badge variant="outline" className="border-emerald-500/40 text-emerald-700 dark:text-emerald-300">
                Active
              </Badge>
            ) : (
              <Badge variant="secondary">Inactive</Badge>
            )}
          </div>
          <code className="truncate font-mono text-xs text-muted-foreground" title={webhook.url}>
            {webhook.url}
          </code>
        </div>
        <Switch checked={webhook.isActive} onCheckedChange={setActive} disabled={update.isPending} aria-label={`Active: ${webhook.name}`} />
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap gap-1.5" aria-label="Events">
          {webhook.eventTypes.map((type) => (
            <Badge key={type} variant="secondary" className="font-mono text-[11px] font-normal">
              {type}
            </Badge>
          ))}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground">Signing secret</dt>
          <dd className="font-mono">
            {webhook.secretHint}
            {webhook.previousSecretExpiresAt && (
              <span className="font-sans text-muted-foreground"> · previous one until {formatDateTime(webhook.previousSecretExpiresAt)}</span>
            )}
          </dd>
          <dt className="text-muted-foreground">Retries</dt>
          <dd>
            {retries} retr{retries === 1 ? 'y' : 'ies'} · {timeout} s timeout
          </dd>
          <dt className="text-muted-foreground">Last delivery</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-1.5">
            {last ? (
              <>
                <DeliveryStatusBadge status={last.status} />
                <span className="text-muted-foreground">
                  {last.statusCode !== null ? `HTTP ${last.statusCode} · ` : ''}
                  <code className="font-mono">{last.eventType}</code> · {formatDateTime(last.at)}
                </span>
              </>
            ) : (
              <span className="text-muted-foreground">None yet</span>
            )}
          </dd>
        </dl>
        {webhook.disabledReason ? (
          <p className="flex gap-2 rounded-md border border-red-500/30 bg-red-500/5 p-2 text-xs text-red-700 dark:text-red-300">
            <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
            Turned off by Parley: {webhook.disabledReason} Fix the endpoint, then switch it on again.
          </p>
        ) : webhook.failingSince ? (
          <p className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/5 p-2 text-xs text-amber-800 dark:text-amber-300">
            <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
            Failing since {formatDateTime(webhook.failingSince)}. After {limits.disableAfterDays} days without a successful delivery it is turned off.
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={sendTest} disabled={test.isPending}>
          {test.isPending ? <Spinner /> : <SendIcon />}
          Test
        </Button>
        <Button variant="outline" size="sm" onClick={onShowDeliveries}>
          <HistoryIcon />
          Deliveries
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <PencilIcon />
          Edit
        </Button>
        <AlertDialog open={isDeleteOpen} onOpenChange={setDeleteOpen}>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive sm:ml-auto">
              <Trash2Icon />
              Delete
            </Button>
          </AlertDialogTrigger>
          <ConfirmDialogContent
            title={`Delete “${webhook.name}”?`}
            description={`Parley stops sending events to ${new URL(webhook.url).host}, and its delivery log is deleted. ${
              last && last.status !== 'succeeded' ? `Its last delivery is ${deliveryStatusLabel(last.status).toLowerCase()}.` : ''
            }`}
            confirmLabel="Delete webhook"
            isPending={remove.isPending}
            onConfirm={confirmDelete}
          />
        </AlertDialog>
      </CardFooter>
    </Card>
  );
}
