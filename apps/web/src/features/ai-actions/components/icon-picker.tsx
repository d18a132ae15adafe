import { ACTION_ICONS, type ActionIcon } from '@parley/shared/contracts/ai-actions';
import { cn } from '@/lib/utils';
import { ACTION_ICON_COMPONENTS } from './action-icon';

/** One of the spec's icons, chosen from a row of buttons (a radio group for assistive technology). */
export function IconPicker({ value, onChange, labelledBy }: { value: ActionIcon; onChange: (icon: ActionIcon) => void; labelledBy: string }) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {ACTION_ICONS.map((icon) => {
        const Icon = ACTION_ICON_COMPONENTS[icon];
        const isSelected = icon === value;
        return (
          <button
            key={icon}
            type="button"
            role="radio"
            aria-checked={isSelected}
            aria-label={icon}
            title={icon}
            onClick={() => onChange(icon)}
            className={cn(
              'flex size-9 items-center justify-center rounded-md border text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
              isSelected && 'border-brand bg-brand/10 text-brand hover:bg-brand/15 hover:text-brand',
            )}
          >
            <Icon className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
