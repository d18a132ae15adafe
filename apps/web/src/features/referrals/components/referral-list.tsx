import { REFERRAL_MESSAGES, type ReferralStatus } from '@parley/shared/contracts/referrals';
import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatNumber } from '@/lib/format';
import { useReferrals } from '../api/get-referrals';

const PAGE_SIZE = 20;
const FILTERS: { value: 'all' | ReferralStatus; label: string }[] = [
  { value: 'all', label: 'All sign-ups' },
  { value: 'signed_up', label: 'Not converted yet' },
  { value: 'converted', label: 'Converted' },
];

/** Referred sign-ups, newest first, 20 a page: who referred whom, and what each conversion earned. */
export function ReferralList() {
  const [status, setStatus] = useState<'all' | ReferralStatus>('all');
  const [page, setPage] = useState(1);
  const query = useReferrals({ page, pageSize: PAGE_SIZE, status });

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Referred sign-ups</CardTitle>
        <CardDescription>A sign-up converts when its organization first pays; both sides are credited then, once.</CardDescription>
        <CardAction>
          <Select
            value={status}
            onValueChange={(value) => {
              setStatus(value as 'all' | ReferralStatus);
              setPage(1);
            }}
          >
            <SelectTrigger className="w-36 sm:w-44" aria-label="Filter by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FILTERS.map((filter) => (
                <SelectItem key={filter.value} value={filter.value}>
                  {filter.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending ? (
          <LoadingRows label="Loading referred sign-ups" rows={4} className="h-11" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title={REFERRAL_MESSAGES.loadFailed} />
        ) : query.data.items.length === 0 ? (
          <EmptyState
            icon={UserPlusIcon}
            title={status === 'all' ? 'No referred sign-ups yet' : 'None with this status'}
            description="Customers find their referral link under Referrals in their dashboard."
          />
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Referred</TableHead>
                    <TableHead>Referrer</TableHead>
                    <TableHead>Signed up</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Rewards (referrer / new)</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {query.data.items.map((item) => (
                    <TableRow key={item.id} data-testid="referral-row">
                      <TableCell className="max-w-56 truncate">{item.referredEmail ?? '(deleted user)'}</TableCell>
                      <TableCell className="max-w-56 truncate text-muted-foreground">
                        {item.referrerEmail ?? '(deleted user)'} <span className="font-mono text-xs">· {item.code}</span>
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(item.signedUpAt)}</TableCell>
                      <TableCell>
                        {item.status === 'converted' ? (
                          <Badge variant="outline" className="border-success/30 bg-success/10 text-success" title={item.rewardNote ?? undefined}>
                            Converted {item.convertedAt && formatDate(item.convertedAt)}
                          </Badge>
                        ) : (
                          <Badge variant="secondary">Signed up</Badge>
                        )}
                      </TableCell>
                      <TableCell className="text-right whitespace-nowrap tabular-nums" title={item.rewardNote ?? undefined}>
                        {item.status === 'converted' ? `${formatNumber(item.referrerRewardTokens)} / ${formatNumber(item.referredRewardTokens)}` : '—'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ListPager
              page={page}
              pageSize={PAGE_SIZE}
              total={query.data.total}
              onPage={setPage}
              label="Sign-up pages"
              busy={query.isFetching}
              noun={['sign-up', 'sign-ups']}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
