import { BotIcon, UserCheckIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import { useUserStats } from '../api/get-user-stats';

const number = new Intl.NumberFormat('en-US');

/** Spec part 1 §2: Total Users, Active Users, New This Month, Total Chatbots. */
export function UserStatsCards() {
  const { data, isPending, isError } = useUserStats();
  const show = (value: number | null | undefined) => (isError ? '—' : value === null || value === undefined ? '—' : number.format(value));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Total Users" icon={UsersIcon} isLoading={isPending} value={show(data?.total_users)} footnote="Every registered account" />
      <StatCard title="Active Users" icon={UserCheckIcon} isLoading={isPending} value={show(data?.active_users)} footnote="Accounts that may sign in" />
      <StatCard
        title="New This Month"
        icon={UserPlusIcon}
        isLoading={isPending}
        value={show(data?.new_users_this_month)}
        footnote="Joined since the 1st (UTC)"
      />
      <StatCard
        title="Total Chatbots"
        icon={BotIcon}
        isLoading={isPending}
        value={show(data?.total_chatbots)}
        footnote={data && data.total_chatbots === null ? 'Chatbots are not part of this install yet' : 'Across all customers'}
      />
    </div>
  );
}
