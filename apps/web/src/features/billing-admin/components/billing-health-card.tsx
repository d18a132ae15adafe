import { billingHealthTone } from '@parley/shared/billing-health';
import type { BillingHealth } from '@parley/shared/contracts/billing-admin';
import { HeartPulseIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

const TONE = {
  good: { text: 'text-success', badge: 'border-success/30 bg-success/10 text-success' },
  warning: { text: 'text-amber-600 dark:text-amber-400', badge: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400' },
  critical: { text: 'text-destructive', badge: 'border-destructive/40 bg-destructive/10 text-destructive' },
} as const;

/** Spec §9: the billing health score, Healthy at 90 or more, Degraded below; what took points off. */
export function BillingHealthCard({ health }: { health: BillingHealth }) {
  const tone = TONE[billingHealthTone(health.score)];
  return (
    <Card className="gap-4" data-testid="billing-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulseIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Billing health
        </CardTitle>
        <CardDescription>
          Starts at 100: −5 per payment failure in the last hour (at most −30), −40 × the share of past-due and unpaid subscriptions, −15 or −30 for webhook
          failures above 5 % or 10 %.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-end gap-3">
          <span className={cn('text-5xl font-semibold tracking-tight tabular-nums', tone.text)} data-testid="billing-health-score">
            {health.score}
          </span>
          <span className="pb-1.5 text-sm text-muted-foreground">/ 100</span>
          <Badge variant="outline" className={cn('mb-1.5 ml-auto', tone.badge)} data-testid="billing-health-status">
            {health.status}
          </Badge>
        </div>
        <Progress value={health.score} aria-label={`Billing health ${health.score} of 100`} />
        {health.penalties.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing took points off.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {health.penalties.map((penalty) => (
              <li key={penalty.key} className="flex items-start justify-between gap-3">
                <span className="text-muted-foreground">{penalty.detail}</span>
                <span className="shrink-0 font-medium text-destructive tabular-nums">−{Math.round(penalty.points * 10) / 10}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
