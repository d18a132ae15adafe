import { BarChart3Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** "No conversations in this period yet." when the whole period is empty; charts with their own subject say so. */
export const NO_CONVERSATIONS_TEXT = 'No conversations in this period yet.';

interface ChartCardProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  isLoading?: boolean;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText?: string | null;
  /** Height of the drawing area (and of its skeleton and empty state), so the card does not jump between states. */
  heightClass?: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** One chart in a card: its title, a skeleton while loading, a plain sentence when the period has nothing to draw. */
export function ChartCard({ title, description, action, isLoading, emptyText, heightClass = 'h-64', className, children, testId }: ChartCardProps) {
  return (
    <Card className={cn('min-w-0 gap-4', className)} data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent className="min-w-0">
        {isLoading ? (
          <Skeleton className={cn('w-full', heightClass)} />
        ) : emptyText ? (
          <div className={cn('flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-center', heightClass)}>
            <BarChart3Icon className="size-6 text-muted-foreground/60" aria-hidden="true" />
            <p className="max-w-64 text-sm text-muted-foreground">{emptyText}</p>
          </div>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** A coloured dot and a label, for the legends the cards draw themselves (recharts' own legend ignores the theme). */
export function LegendItem({ color, label, value }: { color: string; label: string; value?: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      <span className="size-2.5 shrink-0 rounded-full" style={{ background: color }} aria-hidden="true" />
      {label}
      {value !== undefined && <span className="font-medium text-foreground tabular-nums">{value}</span>}
    </span>
  );
}
