import type { SecurityMetricsResponse } from '@parley/shared/contracts/security-monitoring';
import { ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { scoreTone } from '../utils/security-format';

const TONE = {
  good: { label: 'Good', text: 'text-success', badge: 'border-success/30 bg-success/10 text-success' },
  fair: { label: 'Fair', text: 'text-amber-600 dark:text-amber-400', badge: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400' },
  low: { label: 'Low', text: 'text-destructive', badge: 'border-destructive/40 bg-destructive/10 text-destructive' },
} as const;

/** The score, what took points off it, and the latest audit it counted. */
export function SecurityScoreCard({ data, auditPath }: { data: SecurityMetricsResponse; auditPath: string }) {
  const score = data.metrics.security_score;
  const tone = TONE[scoreTone(score)];
  return (
    <Card className="gap-4" data-testid="security-score">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Security score
        </CardTitle>
        <CardDescription>Starts at 100; each penalty below takes points off (never below 0).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-end gap-3">
          <span className={cn('text-5xl font-semibold tracking-tight tabular-nums', tone.text)} data-testid="security-score-value">
            {score}
          </span>
          <span className="pb-1.5 text-sm text-muted-foreground">/ 100</span>
          <Badge variant="outline" className={cn('mb-1.5 ml-auto', tone.badge)}>
            {tone.label}
          </Badge>
        </div>
        <Progress value={score} aria-label={`Security score ${score} of 100`} />
        {data.penalties.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing in this window took points off.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {data.penalties.map((penalty) => (
              <li key={penalty.key} className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{penalty.label}</p>
                  <p className="text-xs text-muted-foreground">{penalty.detail}</p>
                </div>
                <span className="shrink-0 font-medium text-destructive tabular-nums">−{penalty.points}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">
          {data.latestAudit ? (
            <>
              Latest audit {formatDateTime(data.latestAudit.ranAt)}: {data.latestAudit.failed} failed, {data.latestAudit.warnings} warnings.{' '}
            </>
          ) : (
            <>No security audit has run yet. </>
          )}
          <Link to={auditPath} className="font-medium text-foreground underline underline-offset-4">
            Security audit
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
