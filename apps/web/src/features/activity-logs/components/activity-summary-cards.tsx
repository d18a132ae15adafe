import { ActivityIcon, ClockIcon, UsersIcon } from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import type { ActivityLogPage } from '@parley/shared/contracts/activity-logs';

/**
 * Spec part 1 §2's three cards, for every entry the filters match (the spec's "last 100 entries" was the old page's
 * limit): Total Activities, Recent Actions (last 24 hours), Admin Users (distinct).
 */
export function ActivitySummaryCards({
  summary,
  isLoading,
  isFiltered,
}: {
  summary: ActivityLogPage['summary'] | undefined;
  isLoading: boolean;
  isFiltered: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Total Activities"
        icon={ActivityIcon}
        isLoading={isLoading}
        value={summary?.total ?? '—'}
        footnote={isFiltered ? 'Entries matching the filters' : 'All entries'}
      />
      <StatCard
        title="Recent Actions"
        icon={ClockIcon}
        isLoading={isLoading}
        value={summary?.recent24h ?? '—'}
        footnote={isFiltered ? 'Of those, in the last 24 hours' : 'Last 24 hours'}
      />
      <StatCard title="Admin Users" icon={UsersIcon} isLoading={isLoading} value={summary?.distinctAdmins ?? '—'} footnote="Distinct admins in these entries" />
    </div>
  );
}
