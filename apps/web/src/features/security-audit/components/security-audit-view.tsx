import { SECURITY_MESSAGES } from '@parley/shared/contracts/security-monitoring';
import type { SecurityAudit } from '@parley/shared/contracts/security-audit';
import { HeartPulseIcon, ScrollTextIcon, ShieldQuestionIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useLatestSecurityAudit } from '../api/get-security-audit';
import { useRunSecurityAudit } from '../api/run-security-audit';
import { countByStatus, healthOf } from '../utils/audit-summary';
import { AuditCheckList } from './audit-check-list';

function HealthDisplay({ audit }: { audit: SecurityAudit }) {
  const health = healthOf(audit);
  const counts = countByStatus(audit.checks);
  return (
    <Card className="gap-4" data-testid="audit-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulseIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Health
        </CardTitle>
        <CardDescription>Audit of {formatDateTime(audit.ranAt)}. The score counts a passed check as 1 and a warning as ½; Healthy from 90.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <div className="flex items-end gap-2">
            <span className={cn('text-4xl font-semibold tabular-nums', health === 'Healthy' ? 'text-success' : 'text-destructive')} data-testid="audit-score">
              {audit.score}
            </span>
            <Badge
              variant="outline"
              className={cn(
                'mb-1',
                health === 'Healthy' ? 'border-success/30 bg-success/10 text-success' : 'border-destructive/40 bg-destructive/10 text-destructive',
              )}
            >
              {health}
            </Badge>
          </div>
          <Progress value={audit.score} aria-label={`Audit score ${audit.score} of 100`} />
        </div>
        <div className="grid content-start gap-1">
          <p className="text-sm text-muted-foreground">Authorization coverage (rls_coverage)</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="rls-coverage">
            {audit.rls_coverage}%
          </p>
          <p className="text-xs text-muted-foreground">Routes that declare who may call them.</p>
        </div>
        <div className="grid content-start gap-1 text-sm">
          <p className="text-muted-foreground">Checks</p>
          <p>
            <span className="font-semibold text-success tabular-nums">{counts.pass}</span> passed ·{' '}
            <span className="font-semibold text-amber-600 tabular-nums dark:text-amber-400">{counts.warn}</span> warnings ·{' '}
            <span className="font-semibold text-destructive tabular-nums">{counts.fail}</span> failed
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Spec part 2 "Security Audit Dashboard": a Run Audit button, a health display and a link to /admin/activity. */
export function SecurityAuditView({ activityPath }: { activityPath: string }) {
  const latest = useLatestSecurityAudit();
  const run = useRunSecurityAudit();
  const runAudit = () =>
    run.mutate(undefined, {
      onSuccess: (audit) => toast.success(`Audit complete: ${healthOf(audit)} (${audit.score})`),
      onError: () => toast.error(SECURITY_MESSAGES.auditFailedTitle, { description: SECURITY_MESSAGES.auditFailed }),
    });
  const runButton = (
    <Button onClick={runAudit} disabled={run.isPending}>
      {run.isPending && <Spinner />}
      Run Audit
    </Button>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Security Audit"
        description="Checks this installation: route authorization, admin accounts, secrets, configuration, dependencies and the database."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={activityPath}>
                <ScrollTextIcon />
                Activity logs
              </Link>
            </Button>
            {runButton}
          </>
        }
      />
      {latest.isPending ? (
        <LoadingRows label="Loading the latest audit" rows={3} className="h-32" containerClassName="gap-4" />
      ) : latest.isError ? (
        <LoadErrorAlert query={latest} title="Failed to load the latest audit" />
      ) : !latest.data ? (
        <EmptyState
          icon={ShieldQuestionIcon}
          title="No audit has run yet"
          description="Run the audit to check this installation. Each run is kept, and the security score counts the latest one."
          action={runButton}
        />
      ) : (
        <>
          <HealthDisplay audit={latest.data} />
          <AuditCheckList checks={latest.data.checks} />
        </>
      )}
    </div>
  );
}
