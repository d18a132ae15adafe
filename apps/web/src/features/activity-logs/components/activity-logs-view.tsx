import { ADMIN_MESSAGES, SEARCH_DEBOUNCE_MS } from '@parley/shared/admin-console';
import { ACTIVITY_LOG_PAGE_SIZE } from '@parley/shared/contracts/activity-logs';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useActivityExport } from '../api/export-activity-logs';
import { useActivityFilterOptions } from '../api/get-activity-filters';
import { useActivityLogs } from '../api/get-activity-logs';
import { ACTIVITY_FILTER_KEYS, dateRangeProblem, hasActivityFilters, type ActivityFilterState } from '../utils/activity-filters';
import { ActivityExport } from './activity-export';
import { ActivityFilters } from './activity-filters';
import { ActivityLogsTable } from './activity-logs-table';
import { ActivitySummaryCards } from './activity-summary-cards';

/** The filters and page live in the address, so a reload, the back button or a shared link shows the same entries. */
function useActivityParams() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(ACTIVITY_FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as ActivityFilterState;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // flushSync: React Router commits a new address in a transition, which a busy page renders later; the filters'
  // next change (the To date right after the From date) would then start from the old address and undo this one.
  const update = (next: ActivityFilterState, nextPage: number) =>
    setParams(
      () => {
        const out = new URLSearchParams();
        for (const key of ACTIVITY_FILTER_KEYS) if (next[key]) out.set(key, next[key]);
        if (nextPage > 1) out.set('page', String(nextPage));
        return out;
      },
      { replace: true, flushSync: true },
    );
  return { filters, page, setFilters: (next: ActivityFilterState) => update(next, 1), setPage: (next: number) => update(filters, next) };
}

/** The activity log page's content: filters, the three cards, a page of entries, paging and the CSV export. */
export function ActivityLogsView() {
  const { filters, page, setFilters, setPage } = useActivityParams();
  // The resource id is typed: the list follows once typing stops; the selects and dates apply at once.
  const resourceId = useDebouncedValue(filters.resourceId, SEARCH_DEBOUNCE_MS);
  const applied = { ...filters, resourceId };
  const dateProblem = dateRangeProblem(filters);
  const query = useActivityLogs(applied, page, { enabled: dateProblem === null });
  const options = useActivityFilterOptions();
  const exporter = useActivityExport();
  const { error, errorUpdatedAt } = query;

  // Spec part 1 §8: a failed load says so in a toast titled 'Error'.
  useEffect(() => {
    if (error) toast.error(ADMIN_MESSAGES.activityLoadFailedTitle, { description: ADMIN_MESSAGES.activityLoadFailed });
  }, [error, errorUpdatedAt]);

  const isFiltered = hasActivityFilters(filters);
  const total = query.data?.total ?? 0;

  return (
    <div className="grid grid-cols-1 gap-6">
      <ActivitySummaryCards summary={query.data?.summary} isLoading={query.isPending && dateProblem === null} isFiltered={isFiltered} />
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Admin activity</CardTitle>
          <CardDescription>Changes and sign-outs in this console, newest first. Hover a row’s details to read them in full.</CardDescription>
          <CardAction className="flex items-start gap-2">
            <ActivityExport
              state={exporter.state}
              matching={query.data?.total}
              isDisabled={dateProblem !== null || query.isPending}
              onStart={() => void exporter.start(applied)}
              onCancel={exporter.cancel}
            />
            <Button variant="ghost" size="icon" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label="Refresh activity logs">
              <RefreshCwIcon className={query.isFetching ? 'animate-spin' : undefined} />
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="grid gap-4 px-0 sm:px-6">
          <div className="px-6 sm:px-0">
            <ActivityFilters
              value={filters}
              onChange={(next) => {
                setFilters(next);
                exporter.reset();
              }}
              options={options.data}
              dateProblem={dateProblem}
            />
          </div>
          {dateProblem !== null ? null : query.isPending ? (
            <LoadingRows label="Loading activity logs" rows={5} className="h-10" containerClassName="px-6 sm:px-0" />
          ) : query.isError ? (
            <div className="px-6 sm:px-0">
              <LoadErrorAlert query={query} title={ADMIN_MESSAGES.activityLoadFailed} />
            </div>
          ) : (
            <ActivityLogsTable items={query.data.items} />
          )}
          <ListPager
            page={page}
            pageSize={ACTIVITY_LOG_PAGE_SIZE}
            total={dateProblem === null ? total : 0}
            onPage={setPage}
            label="Activity log pages"
            busy={query.isFetching}
            noun={['entry', 'entries']}
            className="px-6 sm:px-0"
          />
        </CardContent>
      </Card>
    </div>
  );
}
