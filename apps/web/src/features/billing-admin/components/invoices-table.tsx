import { BILLING_ADMIN_MESSAGES, INVOICE_STATUSES } from '@parley/shared/contracts/billing-admin';
import { DownloadIcon, RotateCwIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate, humanize } from '@/lib/format';
import { invoiceExportUrl, useAdminInvoices, useRetryInvoice } from '../api/get-admin-invoices';
import { formatCents } from '../utils/billing-format';
import { ListFilterSelect, ListSearch, useListFilters } from './list-filters';
import { ListPager } from '@/components/layout/list-pager';

/** Invoices: search, status filter, CSV export, and retry on failed invoices only. Optionally one organization's. */
export function InvoicesTable({ organizationId }: { organizationId?: string }) {
  const { filters: chosen, set, page, setPage } = useListFilters({ search: '', status: 'all' });
  const filters = { search: chosen.search.trim(), status: chosen.status, page, organizationId };
  const list = useAdminInvoices(filters);
  const retry = useRetryInvoice();
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <ListSearch value={chosen.search} onChange={set('search')} placeholder="Search number, description or customer" label="Search invoices" />
        <ListFilterSelect
          value={chosen.status}
          onChange={set('status')}
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          allLabel="All statuses"
          label="Invoice status"
          className="sm:w-40"
        />
        <Button variant="outline" asChild className="sm:ml-auto">
          <a href={invoiceExportUrl(filters)} download>
            <DownloadIcon />
            Export CSV
          </a>
        </Button>
      </div>
      {list.isPending ? (
        <LoadingRows label="Loading invoices" rows={5} className="h-10" />
      ) : list.isError ? (
        <LoadErrorAlert query={list} title="Failed to load invoices" />
      ) : list.data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{BILLING_ADMIN_MESSAGES.noInvoices}</p>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Invoice</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Due</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.items.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>
                    <p className="font-mono text-xs">{i.number ?? i.stripeInvoiceId}</p>
                    <p className="max-w-56 truncate text-xs text-muted-foreground">{i.description ?? ''}</p>
                  </TableCell>
                  <TableCell>{i.customerName ?? i.stripeCustomerId ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCents(i.amount, i.currency)}</TableCell>
                  <TableCell>
                    <Badge variant={i.status === 'failed' ? 'destructive' : i.status === 'paid' ? 'secondary' : 'outline'}>{i.status}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(i.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{i.dueAt ? formatDate(i.dueAt) : '—'}</TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-2">
                      {i.invoicePdf && (
                        <Button variant="ghost" size="sm" asChild>
                          <a href={i.invoicePdf} target="_blank" rel="noreferrer">
                            PDF
                          </a>
                        </Button>
                      )}
                      {i.canRetry && (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={retry.isPending}
                          onClick={() =>
                            retry.mutate(i.id, {
                              onSuccess: (r) => (r.paid ? toast.success('Invoice paid') : toast.error('The retry was declined')),
                              onError: (error) => toast.error(BILLING_ADMIN_MESSAGES.retryFailed, { description: getErrorMessage(error) }),
                            })
                          }
                        >
                          {retry.isPending && retry.variables === i.id ? <Spinner /> : <RotateCwIcon />}
                          Retry
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label="Invoice pages"
            busy={list.isFetching}
            noun={['invoice', 'invoices']}
          />
        </>
      )}
    </div>
  );
}
