import { SECURITY_MESSAGES, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { FileWarningIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useCspViolations } from '../api/get-csp-violations';
import { timeframeLabel } from '../utils/security-format';

/** Spec §2 CSP Violations tab: the 10 seen most recently, "No CSP violations recorded" when there are none. */
export function CspViolationsTable({ hours }: { hours: SecurityTimeframeHours }) {
  const query = useCspViolations(hours);
  if (query.isPending) return <LoadingRows label="Loading CSP violations" rows={4} className="h-11" />;
  if (query.isError) return <LoadErrorAlert query={query} title="Failed to load CSP violations" />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={FileWarningIcon}
        title={SECURITY_MESSAGES.noCspViolations}
        description={`No browser reported a Content-Security-Policy violation in the ${timeframeLabel(hours)}.`}
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Directive</TableHead>
            <TableHead>Blocked</TableHead>
            <TableHead>Page</TableHead>
            <TableHead className="text-right">Count</TableHead>
            <TableHead>First seen</TableHead>
            <TableHead>Last seen</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((violation) => (
            <TableRow key={violation.id} data-testid="csp-violation-row">
              <TableCell>
                <Badge variant="outline" className="font-mono">
                  {violation.violated_directive}
                </Badge>
              </TableCell>
              <TableCell className="max-w-64 truncate font-mono text-xs" title={violation.blocked_uri}>
                {violation.blocked_uri || '—'}
              </TableCell>
              <TableCell className="max-w-56 truncate font-mono text-xs text-muted-foreground" title={violation.document_uri}>
                {violation.document_uri}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(violation.violation_count)}</TableCell>
              <TableCell className="text-muted-foreground">{formatDateTime(violation.created_at)}</TableCell>
              <TableCell className="text-muted-foreground">{formatDateTime(violation.last_seen_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
