import { AlertTriangleIcon, CheckCircle2Icon, ServerIcon, XCircleIcon } from 'lucide-react';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useSystemHealth, type SystemHealthItem } from '../api/get-system-health';

const STATUS: Record<SystemHealthItem['status'], { icon: typeof CheckCircle2Icon; label: string; className: string }> = {
  healthy: { icon: CheckCircle2Icon, label: 'Healthy', className: 'border-success/30 bg-success/10 text-success' },
  warning: { icon: AlertTriangleIcon, label: 'Warning', className: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400' },
  error: { icon: XCircleIcon, label: 'Error', className: 'border-destructive/30 bg-destructive/10 text-destructive' },
};

/** Spec part 1 §2: the System Health list, refreshed every 30 s. */
export function SystemHealthCard() {
  const query = useSystemHealth();
  return (
    <Card className="gap-4" data-testid="system-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ServerIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          System Health
        </CardTitle>
        <CardDescription>Live checks of what this installation depends on.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading system health" rows={3} className="h-10" containerClassName="gap-3" />
        ) : query.isError ? (
          <p className="text-sm text-destructive">System health could not be read: {getErrorMessage(query.error)}</p>
        ) : (
          <ul className="divide-y">
            {query.data.items.map((item) => {
              const status = STATUS[item.status];
              const Icon = status.icon;
              return (
                <li key={item.name} className="flex items-start justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{item.name}</p>
                    <p className="text-xs break-words text-muted-foreground">{item.detail}</p>
                  </div>
                  <Badge variant="outline" className={cn('shrink-0', status.className)}>
                    <Icon aria-hidden="true" />
                    {status.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
