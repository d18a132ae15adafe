import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { ActivityLogEntry } from '@parley/shared/contracts/activity-logs';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { actionBadgeVariant, describeDetails, idPrefix, truncateDetails } from '../utils/activity-format';

/** Spec part 1 §2 "Activity Logs": Time, Action, Resource, Admin User, Details. */
export function ActivityLogsTable({ items }: { items: ActivityLogEntry[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Resource</TableHead>
          <TableHead>Admin User</TableHead>
          <TableHead>Details</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.length === 0 ? (
          <TableRow>
            <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
              {ADMIN_MESSAGES.noActivityLogs}
            </TableCell>
          </TableRow>
        ) : (
          items.map((entry) => {
            const details = describeDetails(entry.details);
            const resource = idPrefix(entry.resourceId);
            const actor = idPrefix(entry.adminUserId);
            const userAgent = typeof entry.details.user_agent === 'string' ? entry.details.user_agent : null;
            return (
              <TableRow key={entry.id} data-testid="activity-row">
                <TableCell className="text-muted-foreground">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </TableCell>
                <TableCell>
                  <Badge variant={actionBadgeVariant(entry.action)}>{entry.action}</Badge>
                </TableCell>
                <TableCell>
                  <span className="font-medium">{entry.resourceType}</span>
                  {resource && <span className="ml-1.5 font-mono text-xs text-muted-foreground">{resource}</span>}
                </TableCell>
                <TableCell className="font-mono text-xs">
                  {actor ?? <span className="font-sans text-muted-foreground">{ADMIN_MESSAGES.systemActor}</span>}
                  {entry.adminEmail && <span className="block max-w-48 truncate font-sans text-muted-foreground">{entry.adminEmail}</span>}
                </TableCell>
                <TableCell
                  className="max-w-xs text-xs text-muted-foreground"
                  title={[details, userAgent && `user agent: ${userAgent}`].filter(Boolean).join('\n')}
                >
                  {details ? truncateDetails(details) : '—'}
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
