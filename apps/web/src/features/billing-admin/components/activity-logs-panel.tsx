import { BILLING_ADMIN_MESSAGES } from '@parley/shared/contracts/billing-admin';
import { DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { useBillingActivity, type ActivityKind } from '../api/get-billing-activity';
import { downloadJson, exportFileName, formatCents } from '../utils/billing-format';

/** Activity Logs: Billing Events (50), Subscribers (20), Invoices (20); auto refresh every 5 s or manual; JSON export. */
export function ActivityLogsPanel() {
  const [kind, setKind] = useState<ActivityKind>('events');
  const [auto, setAuto] = useState(true);
  const events = useBillingActivity('events', auto && kind === 'events');
  const subs = useBillingActivity('subscribers', auto && kind === 'subscribers');
  const invoices = useBillingActivity('invoices', auto && kind === 'invoices');
  const current = kind === 'events' ? events : kind === 'subscribers' ? subs : invoices;
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>Activity Logs</CardTitle>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch id="billing-auto-refresh" checked={auto} onCheckedChange={setAuto} />
            <Label htmlFor="billing-auto-refresh">{auto ? 'Auto refresh (5 s)' : 'Manual'}</Label>
          </div>
          <Button variant="outline" size="sm" onClick={() => void current.refetch()} disabled={current.isFetching}>
            {current.isFetching ? <Spinner /> : <RefreshCwIcon />}
            Refresh
          </Button>
          <Button variant="outline" size="sm" disabled={!current.data} onClick={() => current.data && downloadJson(exportFileName(kind), current.data.items)}>
            <DownloadIcon />
            Export JSON
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <Tabs value={kind} onValueChange={(v) => setKind(v as ActivityKind)}>
          <TabsList>
            <TabsTrigger value="events">Billing Events</TabsTrigger>
            <TabsTrigger value="subscribers">Subscribers</TabsTrigger>
            <TabsTrigger value="invoices">Invoices</TabsTrigger>
          </TabsList>
          <TabsContent value="events" className="mt-4">
            {events.isPending ? (
              <LoadingRows label="Loading events" rows={4} className="h-10" />
            ) : events.isError ? (
              <LoadErrorAlert query={events} title="Failed to load billing events" />
            ) : events.data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{BILLING_ADMIN_MESSAGES.noEvents}</p>
            ) : (
              <Table data-testid="billing-events-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Time</TableHead>
                    <TableHead>Event</TableHead>
                    <TableHead>Event id</TableHead>
                    <TableHead>Result</TableHead>
                    <TableHead className="text-right">Processing</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {events.data.items.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell className="whitespace-nowrap">{formatDateTime(e.createdAt)}</TableCell>
                      <TableCell className="font-mono text-xs">
                        {e.eventType}
                        {e.isTest && (
                          <Badge variant="outline" className="ml-2 font-sans" title="Sent by the Webhook Tester: not counted in the billing health">
                            test
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="max-w-48 truncate font-mono text-xs text-muted-foreground">{e.stripeEventId}</TableCell>
                      <TableCell className="max-w-72">
                        {e.error ? (
                          <Badge variant="destructive" title={e.error}>
                            failed
                          </Badge>
                        ) : (
                          <Badge variant="secondary">processed</Badge>
                        )}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{e.processingTimeMs === null ? '—' : `${e.processingTimeMs} ms`}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </TabsContent>
          <TabsContent value="subscribers" className="mt-4">
            {subs.isPending ? (
              <LoadingRows label="Loading subscribers" rows={4} className="h-10" />
            ) : subs.isError ? (
              <LoadErrorAlert query={subs} title="Failed to load subscribers" />
            ) : subs.data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{BILLING_ADMIN_MESSAGES.noSubscribers}</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Tier</TableHead>
                    <TableHead>Subscribed</TableHead>
                    <TableHead>Customer</TableHead>
                    <TableHead>Updated</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {subs.data.items.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>{s.email}</TableCell>
                      <TableCell>{s.tier}</TableCell>
                      <TableCell>{s.subscribed ? <Badge variant="secondary">yes</Badge> : <Badge variant="outline">no</Badge>}</TableCell>
                      <TableCell className="font-mono text-xs text-muted-foreground">{s.stripeCustomerId ?? '—'}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDateTime(s.updatedAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </TabsContent>
          <TabsContent value="invoices" className="mt-4">
            {invoices.isPending ? (
              <LoadingRows label="Loading invoices" rows={4} className="h-10" />
            ) : invoices.isError ? (
              <LoadErrorAlert query={invoices} title="Failed to load invoices" />
            ) : invoices.data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{BILLING_ADMIN_MESSAGES.noInvoices}</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Invoice</TableHead>
                    <TableHead>Customer</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Date</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invoices.data.items.map((i) => (
                    <TableRow key={i.id}>
                      <TableCell className="font-mono text-xs">{i.number ?? i.stripeInvoiceId}</TableCell>
                      <TableCell>{i.customerName ?? i.stripeCustomerId ?? '—'}</TableCell>
                      <TableCell>
                        <Badge variant={i.status === 'failed' ? 'destructive' : i.status === 'paid' ? 'secondary' : 'outline'}>{i.status}</Badge>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCents(i.amount, i.currency)}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDateTime(i.createdAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
