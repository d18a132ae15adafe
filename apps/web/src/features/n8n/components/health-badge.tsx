import type { N8nHealth } from '@parley/shared/contracts/n8n';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STYLES: Record<N8nHealth, string> = {
  healthy: 'border-success/30 bg-success/10 text-success',
  warning: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  critical: '',
};

/** healthy / warning / critical from the advanced settings' thresholds; none without executions. */
export function HealthBadge({ health, className }: { health: N8nHealth | null; className?: string }) {
  if (!health) return <span className={cn('text-xs text-muted-foreground', className)}>No data</span>;
  return (
    <Badge variant={health === 'critical' ? 'destructive' : 'outline'} className={cn(STYLES[health], 'capitalize', className)}>
      {health}
    </Badge>
  );
}
