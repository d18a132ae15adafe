import { TOKEN_LEDGER_REASON_LABELS } from '@parley/shared/contracts/token-credits';
import { useState } from 'react';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCreditHistory } from '../api/get-credit-history';

const HISTORY_PAGE_SIZE = 10;

const signed = (tokens: number) => `${tokens > 0 ? '+' : tokens < 0 ? '−' : ''}${Math.abs(tokens).toLocaleString('en-US')}`;

/** Every change of the token balance, with its reason, and the balance after it: where the figure above comes from. */
export function TokenBalanceHistory() {
  const [page, setPage] = useState(1);
  const query = useCreditHistory(page, HISTORY_PAGE_SIZE);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Token balance history</CardTitle>
        <CardDescription>
          Purchases and rewards add to your token balance; use past your plan&apos;s monthly allowance and refunds take from it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading the token balance history" rows={3} className="h-10" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Could not load the token balance history" />
        ) : query.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No changes yet. Bought and reward tokens will appear here.</p>
        ) : (
          <>
            <Table aria-label="Token balance history">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Change</TableHead>
                  <TableHead className="text-right">Tokens</TableHead>
                  <TableHead className="text-right">Balance</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.data.items.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</TableCell>
                    <TableCell>
                      <span className="font-medium">{TOKEN_LEDGER_REASON_LABELS[entry.reason]}</span>
                      {entry.detail && <span className="text-muted-foreground block max-w-72 truncate text-xs">{entry.detail}</span>}
                    </TableCell>
                    <TableCell className={cn('text-right tabular-nums', entry.tokens < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')}>
                      {signed(entry.tokens)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{entry.balanceAfter.toLocaleString('en-US')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ListPager
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={query.data.total}
              onPage={setPage}
              label="Token balance history pages"
              busy={query.isFetching}
              className="mt-3"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
