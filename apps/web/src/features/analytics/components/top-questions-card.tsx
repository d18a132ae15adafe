import { MessageCircleQuestionIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatNumber, formatRatio } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { AnalyticsParams } from '../api/get-analytics-summary';
import { TOP_QUESTIONS_LIMIT, useTopQuestions } from '../api/get-top-questions';

/** Under this share of answers a question is marked: the documents probably lack what it asks. */
const LOW_ANSWER_RATE = 0.5;

/** The questions visitors asked most in the period, with how often the chatbot could answer them. */
export function TopQuestionsCard({ params }: { params: AnalyticsParams }) {
  const query = useTopQuestions(params);

  return (
    <Card className="min-w-0 gap-4" data-testid="top-questions">
      <CardHeader>
        <CardTitle>Top questions</CardTitle>
        <CardDescription>The {TOP_QUESTIONS_LIMIT} questions asked most, similar wordings counted together.</CardDescription>
      </CardHeader>
      <CardContent className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
        {query.isPending ? (
          <LoadingRows label="Loading top questions" rows={4} className="h-12" containerClassName="gap-3" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Top questions could not be loaded" />
        ) : query.data.items.length === 0 ? (
          <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed py-10 text-center">
            <MessageCircleQuestionIcon className="size-6 text-muted-foreground/60" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">No questions in this period yet.</p>
          </div>
        ) : (
          <ol className="grid grid-cols-1 divide-y">
            {query.data.items.map((item, index) => {
              const rate = item.asked === 0 ? null : item.answered / item.asked;
              const isLow = rate !== null && rate < LOW_ANSWER_RATE;
              return (
                <li key={`${index}-${item.question}`} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                  <span className="w-5 shrink-0 pt-0.5 text-right text-xs text-muted-foreground tabular-nums">{index + 1}.</span>
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="line-clamp-2 text-sm font-medium break-words" title={item.question}>
                      {item.question}
                    </p>
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <span className="tabular-nums">
                        Asked {formatNumber(item.asked)} {item.asked === 1 ? 'time' : 'times'}
                      </span>
                      <span aria-hidden="true">·</span>
                      <span>Last asked {formatDateTime(item.lastAskedAt)}</span>
                    </p>
                  </div>
                  <Badge
                    variant="outline"
                    className={cn('h-fit tabular-nums', isLow ? 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400' : 'text-success')}
                    title={`${formatNumber(item.answered)} of ${formatNumber(item.asked)} answered`}
                  >
                    {formatRatio(rate)} answered
                  </Badge>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
