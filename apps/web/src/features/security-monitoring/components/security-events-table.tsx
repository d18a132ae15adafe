import { SECURITY_MESSAGES, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { ShieldIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, humanize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useSecurityEvents } from '../api/get-security-events';
import { eventSummary, SEVERITY_BADGE_CLASS, timeframeLabel } from '../utils/security-format';

/** Spec §2 Security Events tab: the 10 most recent, "No security events recorded" when there are none. */
export function SecurityEventsTable({ hours }: { hours: SecurityTimeframeHours }) {
  const query = useSecurityEvents(hours);
  if (query.isPending) return <LoadingRows label="Loading security events" rows={5} className="h-11" />;
  if (query.isError) return <LoadErrorAlert query={query} title="Failed to load security events" />;
  if (query.data.length === 0) {
    return <EmptyState icon={ShieldIcon} title={SECURITY_MESSAGES.noEvents} description={`Nothing was recorded in the ${timeframeLabel(hours)}.`} />;
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>Event</TableHead>
            <TableHead>Severity</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>IP address</TableHead>
            <TableHead>Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((event) => (
            <TableRow key={event.id} data-testid="security-event-row">
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(event.created_at)}</TableCell>
              <TableCell className="font-medium whitespace-nowrap">{humanize(event.event_type)}</TableCell>
              <TableCell>
                <Badge variant="outline" className={cn('capitalize', SEVERITY_BADGE_CLASS[event.severity])}>
                  {event.severity}
                </Badge>
              </TableCell>
              <TableCell className="max-w-56 truncate" title={event.email ?? undefined}>
                {event.email ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell className="font-mono text-xs whitespace-nowrap">{event.ip_address ?? '—'}</TableCell>
              <TableCell className="max-w-64 truncate text-muted-foreground">{eventSummary(event.details) || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
