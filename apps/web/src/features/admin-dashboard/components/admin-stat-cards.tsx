import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminStats } from '@parley/shared/contracts/admin-dashboard';
import { ActivityIcon, BotIcon, DollarSignIcon, TrendingDownIcon, TrendingUpIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatCard } from '@/components/layout/stat-card';
import { cn } from '@/lib/utils';
import { formatCount, formatGrowth, formatRevenue, formatUptime, growthTone } from '../utils/format-stats';

/** `isNew`: there is a figure now and there was none the month before, so no percentage can describe the change. */
function Change({ growth, note, isNew = false }: { growth: number | null; note?: string; isNew?: boolean }) {
  const text = formatGrowth(growth);
  const tone = growthTone(growth);
  const Icon = tone === 'down' ? TrendingDownIcon : TrendingUpIcon;
  return (
    <span className="grid gap-0.5">
      <span className="flex items-center gap-1">
        {!text && isNew ? (
          <>
            <span className="font-medium text-success">New</span>
            {ADMIN_MESSAGES.noneLastMonth}
          </>
        ) : text ? (
          <span
            className={cn(
              'inline-flex items-center gap-0.5 font-medium',
              tone === 'up' && 'text-success',
              tone === 'down' && 'text-destructive',
              tone === 'flat' && 'text-foreground',
            )}
          >
            {tone !== 'flat' && <Icon className="size-3" aria-hidden="true" />}
            {text}
          </span>
        ) : (
          <span className="font-medium text-foreground">—</span>
        )}
        {(text || !isNew) && ADMIN_MESSAGES.fromLastMonth}
      </span>
      {note && <span className="text-[11px] leading-snug text-muted-foreground/80">{note}</span>}
    </span>
  );
}

function value(figure: number | null, format: (n: number) => string): ReactNode {
  return figure === null ? <span className="text-muted-foreground">—</span> : format(figure);
}

/**
 * Spec part 1 §2: Total Users, Active Chatbots, Monthly Revenue, System Uptime, each with its change "from last
 * month". A figure this install has no source for yet is a dash with a note, never an invented number.
 */
export function AdminStatCards({ stats, isLoading }: { stats: AdminStats | undefined; isLoading: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Users"
        icon={UsersIcon}
        isLoading={isLoading}
        value={stats ? formatCount(stats.totalUsers) : null}
        footnote={stats && <Change growth={stats.userGrowth} isNew={stats.userGrowth === null} />}
      />
      <StatCard
        title="Active Chatbots"
        icon={BotIcon}
        isLoading={isLoading}
        value={stats ? value(stats.totalChatbots, formatCount) : null}
        footnote={
          stats && (
            <Change
              growth={stats.chatbotGrowth}
              isNew={stats.totalChatbots !== null && stats.chatbotGrowth === null}
              note={stats.totalChatbots === null ? 'Chatbots are not part of this install yet.' : undefined}
            />
          )
        }
      />
      <StatCard
        title="Monthly Revenue"
        icon={DollarSignIcon}
        isLoading={isLoading}
        value={stats ? value(stats.monthlyRevenue, formatRevenue) : null}
        footnote={
          stats && (
            <Change
              growth={stats.revenueGrowth}
              isNew={stats.monthlyRevenue !== null && stats.revenueGrowth === null}
              note={stats.monthlyRevenue === null ? 'No billing data recorded yet.' : undefined}
            />
          )
        }
      />
      <StatCard
        title="System Uptime"
        icon={ActivityIcon}
        isLoading={isLoading}
        value={stats ? value(stats.systemUptime, formatUptime) : null}
        footnote={
          stats && (
            <Change
              growth={null}
              note={
                stats.systemUptime === null
                  ? 'No health probes recorded yet.'
                  : 'Minutes of the last 30 days in which the health probe passed; no earlier period to compare.'
              }
            />
          )
        }
      />
    </div>
  );
}
