import { ALERT_NOTES_MAX, BILLING_ADMIN_MESSAGES, type BillingAlert } from '@parley/shared/contracts/billing-admin';
import { BellRingIcon } from 'lucide-react';
import { useState } from 'react';
import { ResolveAlertDialog } from '@/components/admin/resolve-alert-dialog';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useBillingAlerts, useResolveBillingAlert } from '../api/get-billing-alerts';

const SEVERITY_VARIANT = { critical: 'destructive', high: 'destructive', medium: 'secondary', low: 'outline' } as const;

/** The 50 unresolved alerts, every 30 s (spec §9); each can be resolved with optional notes. */
export function BillingAlertsCard() {
  const alerts = useBillingAlerts();
  const resolve = useResolveBillingAlert();
  const [resolving, setResolving] = useState<BillingAlert | null>(null);
  return (
    <Card className="gap-4" data-testid="billing-alerts">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRingIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Unresolved alerts
          {alerts.data && alerts.data.items.length > 0 && <Badge variant="destructive">{alerts.data.items.length}</Badge>}
        </CardTitle>
        <CardDescription>
          Raised once for payment failures above the threshold, webhook processing failures and past-due subscriptions. Every 30 seconds.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isPending ? (
          <LoadingRows label="Loading alerts" rows={2} className="h-16" />
        ) : alerts.isError ? (
          <LoadErrorAlert query={alerts} title="Failed to load alerts" />
        ) : alerts.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No unresolved alerts.</p>
        ) : (
          <ul className="grid gap-3">
            {alerts.data.items.map((alert) => (
              <li
                key={alert.id}
                className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start sm:justify-between"
                data-testid="billing-alert"
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={SEVERITY_VARIANT[alert.severity]}>{alert.severity}</Badge>
                    <span className="font-medium">{alert.title}</span>
                  </div>
                  <p className="text-sm break-words text-muted-foreground">{alert.description}</p>
                  <p className="text-xs text-muted-foreground">Triggered {formatDateTime(alert.triggeredAt)}</p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setResolving(alert)}>
                  Resolve
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {resolving && (
        <ResolveAlertDialog
          alert={resolving}
          resolve={resolve}
          notesMax={ALERT_NOTES_MAX}
          messages={{ resolved: BILLING_ADMIN_MESSAGES.alertResolved, failed: BILLING_ADMIN_MESSAGES.resolveFailed }}
          onClose={() => setResolving(null)}
        />
      )}
    </Card>
  );
}
