import { REFERRAL_MESSAGES } from '@parley/shared/contracts/referrals';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { useReferrers } from '../api/get-referrers';

const PAGE_SIZE = 20;

/** Every referrer, most sign-ups first, 20 a page: what each one's link brought and earned. */
export function ReferrerList() {
  const [page, setPage] = useState(1);
  const query = useReferrers({ page, pageSize: PAGE_SIZE });

  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Referrers</CardTitle>
        <CardDescription>Customers whose links brought sign-ups, the most first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending ? (
          <LoadingRows label="Loading referrers" rows={4} className="h-11" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title={REFERRAL_MESSAGES.loadFailed} />
        ) : query.data.items.length === 0 ? (
          <EmptyState icon={UsersIcon} title="No referrers yet" description="Nobody has signed up through a referral link yet." />
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Referrer</TableHead>
                    <TableHead>Code</TableHead>
                    <TableHead className="text-right">Sign-ups</TableHead>
                    <TableHead className="text-right">Conversions</TableHead>
                    <TableHead className="text-right">Rewards</TableHead>
                    <TableHead className="text-right">Tokens earned</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {query.data.items.map((referrer) => (
                    <TableRow key={referrer.userId} data-testid="referrer-row">
                      <TableCell className="max-w-64">
                        <p className="truncate font-medium">{referrer.name ?? referrer.email}</p>
                        {referrer.name && <p className="truncate text-xs text-muted-foreground">{referrer.email}</p>}
                      </TableCell>
                      <TableCell className="font-mono text-xs">{referrer.code}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(referrer.signUps)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(referrer.conversions)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(referrer.rewardsGranted)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(referrer.tokensEarned)}</TableCell>
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
              label="Referrer pages"
              busy={query.isFetching}
              noun={['referrer', 'referrers']}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
