import { ActivityIcon, ClockIcon, UsersIcon } from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import type { ActivityLogList } from '../api/get-activity-logs';

/** Spec part 1 §2: Total Activities (last 100 entries), Recent Actions (last 24 hours), Admin Users (distinct). */
export function ActivitySummaryCards({ summary, isLoading }: { summary: ActivityLogList['summary'] | undefined; isLoading: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard title="Total Activities" icon={ActivityIcon} isLoading={isLoading} value={summary?.total ?? '—'} footnote="Last 100 entries" />
      <StatCard title="Recent Actions" icon={ClockIcon} isLoading={isLoading} value={summary?.recent24h ?? '—'} footnote="Last 24 hours" />
      <StatCard title="Admin Users" icon={UsersIcon} isLoading={isLoading} value={summary?.distinctAdmins ?? '—'} footnote="Distinct admins in these entries" />
    </div>
  );
}
