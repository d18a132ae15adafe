import type { AnalyticsTotals } from '@parley/shared/contracts/analytics';
import { CoinsIcon, MessagesSquareIcon, MessageSquareCheckIcon, ThumbsDownIcon, ThumbsUpIcon, TimerIcon, UserRoundIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatCard } from '@/components/layout/stat-card';
import { formatCompactNumber, formatLatency, formatNumber, formatRatio } from '@/lib/format';
import { type Change, pointChange, relativeChange } from '../utils/change';
import { ChangeIndicator } from './change-indicator';

/** The cards in order, with their titles and icons (also what the loading skeletons show). */
const CARDS = [
  { title: 'Conversations', icon: MessagesSquareIcon },
  { title: 'Questions answered', icon: MessageSquareCheckIcon },
  { title: 'Satisfaction', icon: ThumbsUpIcon },
  { title: 'Handoffs to a person', icon: UserRoundIcon },
  { title: 'Avg. response time', icon: TimerIcon },
  { title: 'Tokens', icon: CoinsIcon },
] as const satisfies readonly { title: string; icon: LucideIcon }[];

interface Metric {
  value: ReactNode;
  detail: ReactNode;
  change: Change | null;
}

/** The figures of each card, in the order of CARDS. */
function metrics(totals: AnalyticsTotals, previous: AnalyticsTotals): Metric[] {
  const ratings = totals.thumbsUp + totals.thumbsDown;
  return [
    {
      value: formatNumber(totals.conversations),
      detail: `${formatNumber(totals.questions)} ${totals.questions === 1 ? 'question' : 'questions'} asked`,
      change: relativeChange(totals.conversations, previous.conversations),
    },
    {
      value: formatRatio(totals.answerRate),
      detail: totals.questions === 0 ? 'No questions yet' : `${formatNumber(totals.answered)} of ${formatNumber(totals.questions)} answered`,
      change: pointChange(totals.answerRate, previous.answerRate),
    },
    {
      value: formatRatio(totals.satisfaction),
      detail:
        ratings === 0 ? (
          'No ratings yet'
        ) : (
          <span className="inline-flex items-center gap-1 tabular-nums">
            <ThumbsUpIcon className="size-3" aria-label="Thumbs up" /> {formatNumber(totals.thumbsUp)}
            <span aria-hidden="true">·</span>
            <ThumbsDownIcon className="size-3" aria-label="Thumbs down" /> {formatNumber(totals.thumbsDown)}
          </span>
        ),
      change: pointChange(totals.satisfaction, previous.satisfaction),
    },
    {
      value: formatNumber(totals.handoffs),
      detail: totals.questions === 0 ? 'Visitors who asked for a person' : `${formatRatio(totals.handoffs / totals.questions)} of questions`,
      // More handoffs is not good or bad in itself: it may be a team that likes to talk to its visitors.
      change: relativeChange(totals.handoffs, previous.handoffs, 'neutral'),
    },
    {
      value: formatLatency(totals.avgLatencyMs),
      detail: 'From question to full answer',
      change: relativeChange(totals.avgLatencyMs, previous.avgLatencyMs, 'lower-is-better'),
    },
    {
      value: <span title={formatNumber(totals.tokens)}>{formatCompactNumber(totals.tokens)}</span>,
      detail: 'Used by answers in this period',
      change: relativeChange(totals.tokens, previous.tokens, 'neutral'),
    },
  ];
}

/** The key figures of the period, each with its change against the period just before. */
export function AnalyticsStatCards({ totals, previousTotals }: { totals: AnalyticsTotals | undefined; previousTotals: AnalyticsTotals | undefined }) {
  if (!totals || !previousTotals) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading key figures">
        {CARDS.map(({ title, icon }) => (
          <StatCard key={title} title={title} icon={icon} value={null} isLoading />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="analytics-stat-cards">
      {metrics(totals, previousTotals).map((metric, index) => (
        <StatCard
          key={CARDS[index]!.title}
          title={CARDS[index]!.title}
          icon={CARDS[index]!.icon}
          value={metric.value}
          footnote={
            <span className="grid gap-1">
              <span>{metric.detail}</span>
              <ChangeIndicator change={metric.change} />
            </span>
          }
        />
      ))}
    </div>
  );
}
