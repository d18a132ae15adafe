import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  /** The figure; null while loading. */
  value: ReactNode | null;
  /** A line under the figure: a change, a note or a definition. */
  footnote?: ReactNode;
  isLoading?: boolean;
  className?: string;
}

/** One figure with its label, as on the admin dashboard, user management and activity log pages. */
export function StatCard({ title, icon: Icon, value, footnote, isLoading, className }: StatCardProps) {
  return (
    <Card className={cn('gap-2 py-5', className)} data-testid={`stat-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-5">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-1 px-5">
        {isLoading ? <Skeleton className="h-8 w-24" /> : <div className="text-2xl font-semibold tracking-tight tabular-nums">{value}</div>}
        {footnote && <div className="text-xs text-muted-foreground">{footnote}</div>}
      </CardContent>
    </Card>
  );
}
