import { ALERT_RESOLUTION_NOTES_MAX, SECURITY_MESSAGES, type SecurityAlert } from '@parley/shared/contracts/security-monitoring';
import { BellRingIcon, CheckCircle2Icon } from 'lucide-react';
import { useState } from 'react';
import { ResolveAlertDialog } from '@/components/admin/resolve-alert-dialog';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useSecurityAlerts } from '../api/get-security-alerts';
import { useResolveSecurityAlert } from '../api/resolve-security-alert';
import { SEVERITY_BADGE_CLASS } from '../utils/security-format';

/** Alerts raised from the recorded traffic (failed sign-in bursts, rate-limit storms, high-risk events). */
export function SecurityAlertsCard() {
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [resolving, setResolving] = useState<SecurityAlert | null>(null);
  const query = useSecurityAlerts(status);
  const resolve = useResolveSecurityAlert();
  return (
    <Card className="gap-4" data-testid="security-alerts">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRingIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Alerts
          {query.data && query.data.open > 0 && <Badge variant="destructive">{query.data.open} open</Badge>}
        </CardTitle>
        <CardDescription>
          One alert per cause and subject per hour; repeats are counted on it. System admins get a notification for each new one.
        </CardDescription>
        <CardAction>
          <Button variant="ghost" size="sm" onClick={() => setStatus(status === 'open' ? 'all' : 'open')}>
            {status === 'open' ? 'Show resolved too' : 'Open only'}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading alerts" rows={2} className="h-16" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Failed to load alerts" />
        ) : query.data.items.length === 0 ? (
          <p className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
            <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
            {status === 'open' ? 'No open alerts.' : 'No alerts raised yet.'}
          </p>
        ) : (
          <ul className="grid gap-2">
            {query.data.items.map((alert) => (
              <li key={alert.id} className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center" data-testid="security-alert">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="outline" className={cn('capitalize', SEVERITY_BADGE_CLASS[alert.severity])}>
                      {alert.severity}
                    </Badge>
                    <p className="text-sm font-medium break-words">{alert.title}</p>
                  </div>
                  <p className="mt-1 text-xs text-muted-foreground">
                    First {formatDateTime(alert.firstSeenAt)} · last {formatDateTime(alert.lastSeenAt)} · seen {alert.count}×
                    {alert.resolvedAt && ` · resolved ${formatDateTime(alert.resolvedAt)}${alert.resolutionNotes ? `: ${alert.resolutionNotes}` : ''}`}
                  </p>
                </div>
                {!alert.resolvedAt && (
                  <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => setResolving(alert)}>
                    Resolve
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {resolving && (
        <ResolveAlertDialog
          alert={resolving}
          resolve={resolve}
          notesMax={ALERT_RESOLUTION_NOTES_MAX}
          messages={{ resolved: SECURITY_MESSAGES.alertResolved, failed: SECURITY_MESSAGES.resolveFailed }}
          onClose={() => setResolving(null)}
        />
      )}
    </Card>
  );
}
