import { SECURITY_TIMEFRAMES_HOURS, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { cn } from '@/lib/utils';

const LABELS: Record<SecurityTimeframeHours, string> = { 24: '24 hours', 168: '7 days' };

/** Spec §2 "A 24-hour / 7-day switch". */
export function TimeframeSwitch({ value, onChange }: { value: SecurityTimeframeHours; onChange: (hours: SecurityTimeframeHours) => void }) {
  return (
    <div role="group" aria-label="Time window" className="inline-flex rounded-lg border bg-muted p-0.5">
      {SECURITY_TIMEFRAMES_HOURS.map((hours) => (
        <button
          key={hours}
          type="button"
          aria-pressed={value === hours}
          onClick={() => onChange(hours)}
          className={cn(
            'h-8 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === hours && 'bg-background text-foreground shadow-xs',
          )}
        >
          {LABELS[hours]}
        </button>
      ))}
    </div>
  );
}
