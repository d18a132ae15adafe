import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { Change } from '../utils/change';

const TONE_CLASS: Record<Change['tone'], string> = {
  good: 'text-success',
  bad: 'text-destructive',
  neutral: 'text-muted-foreground',
};

const TREND_ICON = { up: ArrowUpRightIcon, down: ArrowDownRightIcon, flat: MinusIcon } as const;

/** "↗ +12% vs previous period" ("↗ Up from 0 in the previous period"), green when good news, red when bad, grey when neither. */
export function ChangeIndicator({ change }: { change: Change | null }) {
  if (!change) return <span>No earlier figure to compare</span>;
  const Icon = TREND_ICON[change.trend];
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1">
      <span className={cn('inline-flex items-center gap-0.5 font-medium tabular-nums', TONE_CLASS[change.tone])}>
        <Icon className="size-3.5" aria-hidden="true" />
        {change.isNew ? 'Up from 0' : change.label}
      </span>
      <span>{change.isNew ? 'in the previous period' : 'vs previous period'}</span>
    </span>
  );
}
