import type { ActivityFilterOptions } from '@parley/shared/contracts/activity-logs';
import { XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { humanize } from '@/lib/format';
import { ACTIVITY_SYSTEM_ACTOR, hasActivityFilters, type ActivityFilterState } from '../utils/activity-filters';

/** Radix Select has no empty value: "any" stands for no filter. */
const ANY = '__any';

interface ActivityFiltersProps {
  value: ActivityFilterState;
  onChange: (next: ActivityFilterState) => void;
  options: ActivityFilterOptions | undefined;
  /** What is wrong with the dates, shown under them. */
  dateProblem: string | null;
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  anyLabel,
  items,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  items: readonly { value: string; label: string }[];
}) {
  // A value from the address that the log no longer holds is still shown, so the filter never hides itself.
  const all = value && !items.some((item) => item.value === value) ? [...items, { value, label: value }] : items;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : next)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {all.map((item) => (
            <SelectItem key={item.value} value={item.value}>
              {item.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Who, what, on which resource and when: the activity log's filters. */
export function ActivityFilters({ value, onChange, options, dateProblem }: ActivityFiltersProps) {
  const set = (key: keyof ActivityFilterState) => (next: string) => onChange({ ...value, [key]: next });
  const actors = [
    ...(options?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.email ?? `${actor.id.slice(0, 8)} (account deleted)` })),
    { value: ACTIVITY_SYSTEM_ACTOR, label: 'System' },
  ];
  return (
    <div className="grid gap-3" data-testid="activity-filters">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FilterSelect id="activity-actor" label="Admin" value={value.actor} onChange={set('actor')} anyLabel="All admins" items={actors} />
        <FilterSelect
          id="activity-action"
          label="Action"
          value={value.action}
          onChange={set('action')}
          anyLabel="All actions"
          items={(options?.actions ?? []).map((action) => ({ value: action, label: action }))}
        />
        <FilterSelect
          id="activity-resource-type"
          label="Resource"
          value={value.resourceType}
          onChange={set('resourceType')}
          anyLabel="All resources"
          items={(options?.resourceTypes ?? []).map((type) => ({ value: type, label: humanize(type) }))}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="activity-resource-id">Resource id</Label>
          <Input
            id="activity-resource-id"
            value={value.resourceId}
            onChange={(event) => set('resourceId')(event.target.value)}
            placeholder="The id or its first characters"
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="activity-from">From</Label>
          <Input
            id="activity-from"
            type="date"
            value={value.fromDate}
            max={value.toDate || undefined}
            onChange={(event) => set('fromDate')(event.target.value)}
            aria-invalid={dateProblem !== null}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="activity-to">To</Label>
          <Input
            id="activity-to"
            type="date"
            value={value.toDate}
            min={value.fromDate || undefined}
            onChange={(event) => set('toDate')(event.target.value)}
            aria-invalid={dateProblem !== null}
          />
        </div>
      </div>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        {dateProblem ? (
          <p className="text-sm text-destructive" role="alert">
            {dateProblem}
          </p>
        ) : (
          <span />
        )}
        {hasActivityFilters(value) && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ actor: '', action: '', resourceType: '', resourceId: '', fromDate: '', toDate: '' })}>
            <XIcon />
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
