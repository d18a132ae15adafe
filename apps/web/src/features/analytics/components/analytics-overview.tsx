import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { cn } from '@/lib/utils';
import { type AnalyticsParams, useAnalyticsSummary } from '../api/get-analytics-summary';
import { ActionStatsCard } from './action-stats-card';
import { AnalyticsStatCards } from './analytics-stat-cards';
import { CHART_PALETTE_CLASS } from './chart-theme';
import { ChatbotPerformanceTable } from './chatbot-performance-table';
import { ConversationTrendChart } from './conversation-trend-chart';
import { HourlyActivityChart } from './hourly-activity-chart';
import { OutcomeBreakdownChart } from './outcome-breakdown-chart';
import { SatisfactionChart } from './satisfaction-chart';
import { TopQuestionsCard } from './top-questions-card';

/** The key figures, the charts and the tables for one filter; all but the top questions and the actions come from one summary request. */
export function AnalyticsOverview({ params }: { params: AnalyticsParams }) {
  const query = useAnalyticsSummary(params);
  // On a failed refresh the last figures stay up, under the error, rather than disappearing.
  const summary = query.data;

  return (
    <div className={cn('grid grid-cols-1 gap-6', CHART_PALETTE_CLASS)} aria-busy={query.isFetching}>
      {query.isError && <LoadErrorAlert query={query} title="Analytics could not be loaded" />}
      {(summary || !query.isError) && (
        <div className={cn('grid grid-cols-1 gap-6 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <AnalyticsStatCards totals={summary?.totals} previousTotals={summary?.previousTotals} />
          <ConversationTrendChart summary={summary} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <OutcomeBreakdownChart summary={summary} />
            <HourlyActivityChart summary={summary} />
          </div>
          <SatisfactionChart summary={summary} />
          <ChatbotPerformanceTable summary={summary} />
        </div>
      )}
      <TopQuestionsCard params={params} />
      {/* Another period or chatbot starts again at the first page. */}
      <ActionStatsCard key={JSON.stringify(params)} params={params} />
    </div>
  );
}
