import type { ActionCategory } from '@parley/shared/contracts/ai-actions';
import { LayersIcon, InboxIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { ActionIconTile } from './action-icon';

interface CategoryCardsProps {
  categories: ActionCategory[];
  /** All templates, and those without a category (from the analytics counts). */
  totalCount: number | undefined;
  uncategorizedCount: number;
  selected: string;
  onSelect: (category: string) => void;
}

function CategoryCard({
  isSelected,
  onClick,
  icon,
  name,
  count,
}: {
  isSelected: boolean;
  onClick: () => void;
  icon: ReactNode;
  name: string;
  count: number | undefined;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isSelected}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 text-left shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isSelected && 'border-brand bg-brand/5 ring-1 ring-brand hover:bg-brand/10',
      )}
    >
      {icon}
      <span className="grid min-w-0">
        <span className="truncate text-sm font-medium">{name}</span>
        <span className="text-xs text-muted-foreground tabular-nums">{count === undefined ? '…' : `${count} ${count === 1 ? 'action' : 'actions'}`}</span>
      </span>
    </button>
  );
}

/** Spec §2: category cards with counts; choosing one filters the templates (again: all of them). */
export function CategoryCards({ categories, totalCount, uncategorizedCount, selected, onSelect }: CategoryCardsProps) {
  const tile = (Icon: typeof LayersIcon) => (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground" aria-hidden="true">
      <Icon className="size-4" />
    </span>
  );
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" role="group" aria-label="Categories">
      <CategoryCard isSelected={selected === ''} onClick={() => onSelect('')} icon={tile(LayersIcon)} name="All actions" count={totalCount} />
      {categories.map((category) => (
        <CategoryCard
          key={category.id}
          isSelected={selected === category.id}
          onClick={() => onSelect(selected === category.id ? '' : category.id)}
          icon={<ActionIconTile icon={category.icon} />}
          name={category.name}
          count={category.templateCount}
        />
      ))}
      {uncategorizedCount > 0 && (
        <CategoryCard
          isSelected={selected === 'uncategorized'}
          onClick={() => onSelect(selected === 'uncategorized' ? '' : 'uncategorized')}
          icon={tile(InboxIcon)}
          name="Uncategorized"
          count={uncategorizedCount}
        />
      )}
    </div>
  );
}
