import type { RateLimitStatus } from '@parley/shared/contracts/pricing-plans';
import { GaugeIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRateLimits } from '../api/get-rate-limits';

function windowText(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : `${seconds / 60} minutes`;
  return `${seconds} s`;
}

const amount = (item: RateLimitStatus) =>
  item.limit === null || item.windowSeconds === null ? 'Set by each tier' : `${item.limit} per ${windowText(item.windowSeconds)}`;

/** Spec §2 Plans: each limit labelled Enforced or Tracking, as the server reports what it applies. */
export function RateLimitStatusCard() {
  const query = useRateLimits();
  return (
    <Card className="gap-4" data-testid="rate-limit-status">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GaugeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Rate-limit enforcement status
        </CardTitle>
        <CardDescription>What this server refuses past a limit (Enforced) and what it only counts (Tracking).</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading rate limits" rows={4} className="h-16" containerClassName="sm:grid-cols-2" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="The limits could not be loaded" />
        ) : (
          <ul className="grid gap-2 md:grid-cols-2">
            {query.data.map((item) => (
              <li key={item.key} className="grid content-start gap-1 rounded-lg border p-3" data-testid="rate-limit-entry">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{item.label}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="font-medium text-foreground tabular-nums">{amount(item)}</span> · {item.scope}
                    </p>
                  </div>
                  {item.status === 'enforced' ? (
                    <Badge variant="outline" className="shrink-0 border-success/30 bg-success/10 text-success">
                      Enforced
                    </Badge>
                  ) : (
                    <Badge variant="outline" className="shrink-0 border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400">
                      Tracking
                    </Badge>
                  )}
                </div>
                <p className="text-xs text-muted-foreground">{item.detail}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
