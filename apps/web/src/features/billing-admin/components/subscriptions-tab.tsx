import { SUBSCRIPTION_STATUSES } from '@parley/shared/contracts/billing-admin';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, humanize } from '@/lib/format';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions';
import { useRevenue } from '../api/get-billing-analytics';
import { formatCents } from '../utils/billing-format';
import { ListFilterSelect, ListSearch, useListFilters } from './list-filters';
import { ListPager } from '@/components/layout/list-pager';

/** Subscriptions with search, status and plan filters, a page at a time. */
export function SubscriptionsTab() {
  const { filters, set, page, setPage } = useListFilters({ search: '', status: 'all', plan: 'all' });
  const list = useAdminSubscriptions({ search: filters.search.trim(), status: filters.status, plan: filters.plan, page });
  const tiers = useRevenue(1).data?.tiers ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <ListSearch value={filters.search} onChange={set('search')} placeholder="Search organization, e-mail or subscription id" label="Search subscriptions" />
        <ListFilterSelect
          value={filters.status}
          onChange={set('status')}
          options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          allLabel="All statuses"
          label="Status"
          className="sm:w-44"
        />
        <ListFilterSelect
          value={filters.plan}
          onChange={set('plan')}
          options={tiers.map((t) => ({ value: t.tier, label: t.displayName }))}
          allLabel="All plans"
          label="Plan"
          className="sm:w-44"
        />
      </div>
      {list.isPending ? (
        <LoadingRows label="Loading subscriptions" rows={5} className="h-10" />
      ) : list.isError ? (
        <LoadErrorAlert query={list} title="Failed to load subscriptions" />
      ) : list.data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No subscriptions found</p>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Organization</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className="text-right">MRR</TableHead>
                <TableHead>Renews</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.items.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>
                    <p className="font-medium">{s.organizationName}</p>
                    <p className="text-xs text-muted-foreground">{s.ownerEmail ?? '—'}</p>
                  </TableCell>
                  <TableCell>{s.tierName}</TableCell>
                  <TableCell>
                    <Badge variant={s.status === 'past_due' || s.status === 'unpaid' ? 'destructive' : s.status === 'active' ? 'secondary' : 'outline'}>
                      {humanize(s.status)}
                    </Badge>
                    {s.cancelAtPeriodEnd && <span className="ml-2 text-xs text-muted-foreground">cancels at period end</span>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCents(s.amountCents)} / {s.interval ?? 'month'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatCents(s.mrrCents)}</TableCell>
                  <TableCell>{s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label="Subscription pages"
            busy={list.isFetching}
            noun={['subscription', 'subscriptions']}
          />
        </>
      )}
    </div>
  );
}
