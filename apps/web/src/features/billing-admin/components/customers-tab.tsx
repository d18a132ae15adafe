import { CUSTOMER_STATUSES, type AdminCustomer } from '@parley/shared/contracts/billing-admin';
import { CreditCardIcon, EyeIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate, humanize } from '@/lib/format';
import { useAdminCustomer, useAdminCustomers } from '../api/get-admin-customers';
import { formatCents } from '../utils/billing-format';
import { InvoicesTable } from './invoices-table';
import { ListFilterSelect, ListSearch, useListFilters } from './list-filters';
import { ListPager } from '@/components/layout/list-pager';

/** Customers view (spec §2): tabs Customers and Invoices. */
export function CustomersTab() {
  const [tab, setTab] = useState('customers');
  const [billingOf, setBillingOf] = useState<AdminCustomer | null>(null);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList>
        <TabsTrigger value="customers">Customers</TabsTrigger>
        <TabsTrigger value="invoices">Invoices</TabsTrigger>
      </TabsList>
      <TabsContent value="customers" className="mt-4">
        <CustomerCards
          onBilling={(c) => {
            setBillingOf(c);
            setTab('invoices');
          }}
        />
      </TabsContent>
      <TabsContent value="invoices" className="mt-4 grid gap-3">
        {billingOf && (
          <div className="flex items-center gap-2 text-sm">
            Invoices of <span className="font-medium">{billingOf.name}</span>
            <Button variant="ghost" size="sm" onClick={() => setBillingOf(null)}>
              Show all
            </Button>
          </div>
        )}
        <InvoicesTable key={billingOf?.organizationId ?? 'all'} organizationId={billingOf?.organizationId} />
      </TabsContent>
    </Tabs>
  );
}

const STATUS_VARIANT = { active: 'secondary', past_due: 'destructive', cancelled: 'outline' } as const;

function CustomerCards({ onBilling }: { onBilling: (customer: AdminCustomer) => void }) {
  const { filters, set, page, setPage } = useListFilters({ search: '', status: 'all' });
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useAdminCustomers({ search: filters.search.trim(), status: filters.status, page });
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <ListSearch value={filters.search} onChange={set('search')} placeholder="Search name, e-mail or plan" label="Search customers" />
        <ListFilterSelect
          value={filters.status}
          onChange={set('status')}
          options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          allLabel="All"
          label="Customer status"
          className="sm:w-40"
        />
      </div>
      {list.isPending ? (
        <LoadingRows label="Loading customers" rows={3} className="h-40" containerClassName="gap-4 lg:grid-cols-2" />
      ) : list.isError ? (
        <LoadErrorAlert query={list} title="Failed to load customers" />
      ) : list.data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No customers found</p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.data.items.map((c) => (
              <Card key={c.id} className="gap-3" data-testid="customer-card">
                <CardHeader className="flex flex-row items-start justify-between gap-2">
                  <div className="min-w-0">
                    <CardTitle className="truncate">{c.name}</CardTitle>
                    <p className="truncate text-sm text-muted-foreground">{c.email ?? '—'}</p>
                  </div>
                  <Badge variant={STATUS_VARIANT[c.status]}>{humanize(c.status)}</Badge>
                </CardHeader>
                <CardContent className="grid gap-3">
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Plan</dt>
                    <dd>{c.plan}</dd>
                    <dt className="text-muted-foreground">Joined</dt>
                    <dd>{formatDate(c.joinDate)}</dd>
                    <dt className="text-muted-foreground">Payment method</dt>
                    <dd>{c.paymentMethod ?? '—'}</dd>
                    <dt className="text-muted-foreground">MRR</dt>
                    <dd className="tabular-nums">{formatCents(c.mrrCents)}</dd>
                    <dt className="text-muted-foreground">Total spent</dt>
                    <dd className="tabular-nums">{formatCents(c.totalSpentCents)}</dd>
                    <dt className="text-muted-foreground">Next billing</dt>
                    <dd>{c.nextBilling ? formatDate(c.nextBilling) : '—'}</dd>
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => setViewing(c.id)}>
                      <EyeIcon />
                      View
                    </Button>
                    <Button variant="outline" size="sm" asChild disabled={!c.email}>
                      <a href={c.email ? `mailto:${encodeURIComponent(c.email)}?subject=${encodeURIComponent(`Your ${c.plan} subscription`)}` : undefined}>
                        <MailIcon />
                        Email
                      </a>
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => onBilling(c)}>
                      <CreditCardIcon />
                      Billing
                    </Button>
                  </div>
                </CardContent>
              </Card>
            ))}
          </div>
          <ListPager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label="Customer pages"
            busy={list.isFetching}
            noun={['customer', 'customers']}
          />
        </>
      )}
      {viewing && <CustomerSheet id={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

function CustomerSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useAdminCustomer(id);
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetTitle>{detail.data?.customer.name ?? 'Customer'}</SheetTitle>
        <SheetDescription>{detail.data?.customer.email ?? ''}</SheetDescription>
        {detail.isPending ? (
          <LoadingRows label="Loading customer" rows={4} className="h-12" />
        ) : detail.isError ? (
          <LoadErrorAlert query={detail} title="Failed to load the customer" />
        ) : (
          <div className="grid gap-5 py-4 text-sm">
            <section className="grid gap-2">
              <h3 className="font-medium">Subscriptions</h3>
              {detail.data.subscriptions.length === 0 && <p className="text-muted-foreground">None.</p>}
              {detail.data.subscriptions.map((s) => (
                <div key={s.id} className="flex justify-between gap-2 rounded-md border p-2">
                  <span>
                    {s.tierName} · {formatCents(s.amountCents)} / {s.interval ?? 'month'}
                  </span>
                  <Badge variant="outline">{humanize(s.status)}</Badge>
                </div>
              ))}
            </section>
            <section className="grid gap-2">
              <h3 className="font-medium">Invoices</h3>
              {detail.data.invoices.length === 0 && <p className="text-muted-foreground">No invoices found</p>}
              {detail.data.invoices.map((i) => (
                <div key={i.id} className="flex justify-between gap-2 rounded-md border p-2">
                  <span className="font-mono text-xs">{i.number ?? i.stripeInvoiceId}</span>
                  <span className="tabular-nums">{formatCents(i.amount, i.currency)}</span>
                  <Badge variant={i.status === 'failed' ? 'destructive' : 'outline'}>{i.status}</Badge>
                </div>
              ))}
            </section>
            <section className="grid gap-2">
              <h3 className="font-medium">Token purchases</h3>
              {detail.data.tokenPurchases.length === 0 && <p className="text-muted-foreground">None.</p>}
              {detail.data.tokenPurchases.map((p) => (
                <div key={p.id} className="flex justify-between gap-2 rounded-md border p-2">
                  <span>{p.tokens.toLocaleString('en-US')} tokens</span>
                  <span className="tabular-nums">{formatCents(p.amountCents)}</span>
                  <span className="text-muted-foreground">{formatDate(p.createdAt)}</span>
                </div>
              ))}
            </section>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
