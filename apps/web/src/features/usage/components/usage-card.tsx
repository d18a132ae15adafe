import { AlertTriangleIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useUsage } from '../api/get-usage';
import { formatPercent, formatUsagePeriod, formatUsedOfLimit, UNLIMITED, type UsageTone, usageTone } from '../utils/usage-format';

/** The bar's track and fill per tone; the ui Progress owns its markup, so the fill is reached through its data-slot. */
const BAR_TONE: Record<UsageTone, string> = {
  normal: '',
  warning: 'bg-amber-500/20 *:data-[slot=progress-indicator]:bg-amber-500',
  critical: 'bg-destructive/20 *:data-[slot=progress-indicator]:bg-destructive',
};

const TEXT_TONE: Record<UsageTone, string> = {
  normal: 'text-muted-foreground',
  warning: 'text-amber-600 dark:text-amber-400',
  critical: 'text-destructive',
};

/** This month's tokens and chatbots against the organization's plan, from GET /api/usage. */
export function UsageCard() {
  const { data, isPending, isError } = useUsage();

  return (
    <Card data-testid="usage-card">
      <CardHeader>
        <CardTitle>This month&apos;s usage</CardTitle>
        <CardDescription>{data ? formatUsagePeriod(data.period.start) : isPending ? <Skeleton className="h-4 w-28" /> : '—'}</CardDescription>
        {data && (
          <CardAction>
            <Badge variant="secondary">{data.tier.displayName} plan</Badge>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        {isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading usage">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : isError || !data ? (
          <p className="text-sm text-muted-foreground">Usage could not be loaded right now. It will refresh on its own.</p>
        ) : (
          <>
            {data.isOverTokenLimit && (
              <Alert variant="destructive">
                <AlertTriangleIcon aria-hidden="true" />
                <AlertDescription>
                  Your organization has used its monthly token limit. Your chatbots answer visitors with a limit message until next month or until you upgrade.
                </AlertDescription>
              </Alert>
            )}
            <TokenUsage used={data.tokens.used} limit={data.tokens.limit} percent={data.tokens.percent} isOverLimit={data.isOverTokenLimit} />
            <div className="flex items-center justify-between gap-4 text-sm">
              <span className="text-muted-foreground">Chatbots</span>
              <span className="font-medium tabular-nums">{formatUsedOfLimit(data.chatbots.count, data.chatbots.limit)}</span>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface TokenUsageProps {
  used: number;
  limit: number;
  percent: number | null;
  isOverLimit: boolean;
}

function TokenUsage({ used, limit, percent, isOverLimit }: TokenUsageProps) {
  // The server's flag wins over the percent: it is what decides whether visitors get the limit message.
  const tone = isOverLimit ? 'critical' : usageTone(percent);
  const isUnlimited = limit === UNLIMITED || percent === null;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4 text-sm">
        <span className="text-muted-foreground">Tokens</span>
        <span className="font-medium tabular-nums">{formatUsedOfLimit(used, limit)}</span>
      </div>
      {!isUnlimited && (
        <>
          <Progress value={percent} className={BAR_TONE[tone]} aria-label="Tokens used this month" />
          <p className={cn('text-xs tabular-nums', TEXT_TONE[tone])}>{formatPercent(percent)} of your monthly token limit</p>
        </>
      )}
    </div>
  );
}
