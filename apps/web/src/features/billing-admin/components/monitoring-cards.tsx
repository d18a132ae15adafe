import { isPaymentFailureAlert, paymentFailureBadge, PAYMENT_FAILURE_ALERT_PER_HOUR, webhookFailureBadge } from '@parley/shared/billing-health';
import { PAYMENT_FAILURE_WINDOWS, SUBSCRIPTION_STATUSES } from '@parley/shared/contracts/billing-admin';
import { AlertTriangleIcon, CreditCardIcon, WebhookIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatLatency, formatNumber, humanize } from '@/lib/format';
import { usePaymentFailures, useSubscriptionHealth, useWebhookHealth } from '../api/get-billing-health';
import { formatPercent } from '../utils/billing-format';

/** Spec §9: failures in 1 h, 24 h, 7 d, 30 d; alert above 3 an hour; the 24-hour badge destructive above 10. Every 30 s. */
export function PaymentFailuresCard() {
  const failures = usePaymentFailures();
  return (
    <Card className="gap-4" data-testid="payment-failures">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertTriangleIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Payment failures
        </CardTitle>
        <CardDescription>Failed invoice payments; more than {PAYMENT_FAILURE_ALERT_PER_HOUR} in an hour raises an alert. Every 30 seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        {failures.isPending ? (
          <Skeleton className="h-16" />
        ) : failures.isError ? (
          <LoadErrorAlert query={failures} title="Failed to load payment failures" />
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {PAYMENT_FAILURE_WINDOWS.map((window) => {
              const value = failures.data[window.key];
              const variant =
                window.key === 'h24' ? paymentFailureBadge(value) : window.key === 'h1' && isPaymentFailureAlert(value) ? 'destructive' : 'outline';
              return (
                <div key={window.key} className="grid gap-1 rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{window.label}</dt>
                  <dd>
                    <Badge variant={variant} className="text-sm tabular-nums" data-testid={`failures-${window.key}`}>
                      {formatNumber(value)}
                    </Badge>
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** Subscriptions by status (spec §4: active, past_due, unpaid, canceled, trialing). Every 60 s. */
export function SubscriptionHealthCard() {
  const health = useSubscriptionHealth();
  return (
    <Card className="gap-4" data-testid="subscription-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCardIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Subscription health
        </CardTitle>
        <CardDescription>{health.data ? `${formatNumber(health.data.total)} subscriptions. Every 60 seconds.` : 'Every 60 seconds.'}</CardDescription>
      </CardHeader>
      <CardContent>
        {health.isPending ? (
          <Skeleton className="h-24" />
        ) : health.isError ? (
          <LoadErrorAlert query={health} title="Failed to load subscription health" />
        ) : (
          <ul className="grid gap-2 text-sm">
            {SUBSCRIPTION_STATUSES.map((status) => {
              const value = health.data.byStatus[status];
              const isTrouble = (status === 'past_due' || status === 'unpaid') && value > 0;
              return (
                <li key={status} className="flex items-center justify-between gap-2">
                  <span>{humanize(status)}</span>
                  <Badge variant={isTrouble ? 'destructive' : 'outline'} className="tabular-nums" data-testid={`subscriptions-${status}`}>
                    {formatNumber(value)}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Webhook processing in the last 24 hours; more than 5 failed events shows destructive (spec §9). Every 60 s. */
export function WebhookHealthCard() {
  const health = useWebhookHealth();
  return (
    <Card className="gap-4" data-testid="webhook-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Webhook health
        </CardTitle>
        <CardDescription>Events received in the last 24 hours. Every 60 seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        {health.isPending ? (
          <Skeleton className="h-24" />
        ) : health.isError ? (
          <LoadErrorAlert query={health} title="Failed to load webhook health" />
        ) : (
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-2">
              <dt>Received</dt>
              <dd className="tabular-nums">{formatNumber(health.data.total)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Failed</dt>
              <dd>
                <Badge variant={webhookFailureBadge(health.data.failed)} className="tabular-nums" data-testid="webhook-failed">
                  {formatNumber(health.data.failed)}
                </Badge>
              </dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Failure rate</dt>
              <dd className="tabular-nums">{formatPercent(health.data.failureRate)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Average processing</dt>
              <dd className="tabular-nums">{formatLatency(health.data.avgProcessingMs)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Last event</dt>
              <dd>{health.data.lastEventAt ? formatDateTime(health.data.lastEventAt) : '—'}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
