import { BILLING_MESSAGES } from '@parley/shared/contracts/billing';
import { TOKEN_BALANCE_LABEL } from '@parley/shared/contracts/token-credits';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useInvoices } from '../api/get-invoices';
import { getTokensQueryOptions, useStartTokenCheckout, useTokens } from '../api/get-tokens';
import { useCheckoutConfirmation } from '../hooks/use-checkout-confirmation';
import { tokenCheckoutOutcome } from '../utils/checkout-outcome';
import { CheckoutConfirmationAlert } from './checkout-confirmation-alert';
import { TokenBalanceHistory } from './token-balance-history';
import { formatCents } from './format';

const INVOICE_PAGE_SIZE = 10;

function TokenBalance() {
  const query = useTokens();
  const checkout = useStartTokenCheckout();
  if (query.isPending) return <LoadingRows label="Loading your token balance" rows={1} className="h-40 rounded-xl" />;
  if (query.isError) return <LoadErrorAlert query={query} title="Could not load your token balance" />;
  const data = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TOKEN_BALANCE_LABEL}</CardTitle>
        <CardDescription>Bought and reward tokens, used only after your plan&apos;s monthly allowance. A change of plan never changes it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-3xl font-semibold tabular-nums" data-testid="token-balance">
          {data.creditBalance.toLocaleString('en-US')} <span className="text-muted-foreground text-base font-normal">tokens</span>
        </p>
        {data.packages.length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.packages.map((pack) => (
              <div key={pack.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <div>
                  <p className="font-medium">{pack.name}</p>
                  <p className="text-muted-foreground text-sm">
                    {pack.tokens.toLocaleString('en-US')} tokens · {formatCents(pack.priceCents, data.currency)}
                  </p>
                </div>
                {data.canBuy && (
                  <Button
                    size="sm"
                    disabled={checkout.isPending}
                    aria-label={`Buy ${pack.name}`}
                    onClick={() =>
                      checkout.mutate(pack.id, {
                        onSuccess: ({ url }) => window.location.assign(url),
                        onError: (error) => toast.error(BILLING_MESSAGES.checkoutFailed, { description: getErrorMessage(error) }),
                      })
                    }
                  >
                    Buy
                  </Button>
                )}
              </div>
            ))}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">No token packages are on sale right now.</p>
        )}
        {data.purchases.length > 0 && (
          <div className="space-y-1 text-sm">
            <p className="font-medium">Recent purchases</p>
            <ul className="space-y-1">
              {data.purchases.slice(0, 5).map((purchase) => (
                <li key={purchase.id} className="text-muted-foreground flex flex-wrap gap-2">
                  <span>{formatDate(purchase.createdAt)}</span>
                  <span>{purchase.packageName}</span>
                  <span>{formatCents(purchase.amountCents, purchase.currency)}</span>
                  <Badge variant={purchase.status === 'paid' ? 'secondary' : 'outline'}>{purchase.status}</Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Invoices() {
  const [page, setPage] = useState(1);
  const query = useInvoices(page, INVOICE_PAGE_SIZE);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows label="Loading invoices" rows={3} className="h-10" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Could not load invoices" />
        ) : query.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{BILLING_MESSAGES.noInvoices}</p>
        ) : (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Number</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead>Description</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">PDF</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.data.items.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell className="font-mono text-xs">{invoice.number ?? '—'}</TableCell>
                    <TableCell>{formatDate(invoice.createdAt)}</TableCell>
                    <TableCell className="max-w-64 truncate">{invoice.description}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCents(invoice.amountCents, invoice.currency)}</TableCell>
                    <TableCell>
                      <Badge variant={invoice.status === 'failed' ? 'destructive' : invoice.status === 'paid' ? 'secondary' : 'outline'}>
                        {invoice.status}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      {invoice.pdfUrl && (
                        <a className="text-primary text-sm underline-offset-4 hover:underline" href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                          PDF
                        </a>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ListPager
              page={page}
              pageSize={INVOICE_PAGE_SIZE}
              total={query.data.total}
              onPage={setPage}
              label="Invoice pages"
              busy={query.isFetching}
              className="mt-3"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /dashboard/billing: the token balance, its history and the packages, and the invoices with their PDFs. */
export function BillingView() {
  const confirmation = useCheckoutConfirmation({
    query: getTokensQueryOptions(),
    outcome: tokenCheckoutOutcome,
    successMessage: BILLING_MESSAGES.tokensCredited,
  });
  return (
    <div className="space-y-6">
      <CheckoutConfirmationAlert {...confirmation} />
      <TokenBalance />
      <TokenBalanceHistory />
      <Invoices />
    </div>
  );
}
