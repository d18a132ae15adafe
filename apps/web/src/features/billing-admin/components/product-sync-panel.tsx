import { BILLING_ADMIN_MESSAGES, type ProviderProduct } from '@parley/shared/contracts/billing-admin';
import { RefreshCwIcon, SaveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-error';
import { useProductSync, useSaveProductSync, type TierMapping } from '../api/product-sync';
import { formatCents } from '../utils/billing-format';

const NONE = '__none__';

function priceOptions(products: ProviderProduct[], interval: 'month' | 'year') {
  return products.flatMap((p) =>
    p.prices
      .filter((price) => price.recurring?.interval === interval)
      .map((price) => ({
        id: price.id,
        label: `${p.name} · ${price.unit_amount === null ? '—' : formatCents(price.unit_amount, price.currency)} / ${interval}`,
      })),
  );
}

/** Loads products and prices from the provider and maps them onto the tiers' monthly and annual price ids (free excluded). */
export function ProductSyncPanel() {
  const sync = useProductSync();
  const save = useSaveProductSync();
  const [mappings, setMappings] = useState<TierMapping[]>([]);
  useEffect(() => {
    if (sync.data)
      setMappings(sync.data.tiers.map((t) => ({ tier: t.tier, stripePriceIdMonthly: t.stripePriceIdMonthly, stripePriceIdAnnual: t.stripePriceIdAnnual })));
  }, [sync.data]);
  const update = (tier: string, field: 'stripePriceIdMonthly' | 'stripePriceIdAnnual', value: string) =>
    setMappings((all) => all.map((m) => (m.tier === tier ? { ...m, [field]: value === NONE ? null : value } : m)));
  const submit = () =>
    save.mutate(mappings, {
      onSuccess: (result) => {
        if (result.failed.length > 0) toast.error(BILLING_ADMIN_MESSAGES.tiersNotUpdated(result.failed.length));
        else toast.success(`${result.updated} tier(s) updated`);
      },
      onError: (error) => toast.error(BILLING_ADMIN_MESSAGES.syncFailed, { description: getErrorMessage(error) }),
    });
  const monthly = sync.data ? priceOptions(sync.data.products, 'month') : [];
  const annual = sync.data ? priceOptions(sync.data.products, 'year') : [];
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Product Sync</CardTitle>
          <CardDescription>
            {sync.data ? `${sync.data.products.length} products from the ${sync.data.provider} provider.` : 'Products and prices from the provider.'}
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void sync.refetch()} disabled={sync.isFetching}>
            {sync.isFetching ? <Spinner /> : <RefreshCwIcon />}
            Load
          </Button>
          <Button onClick={submit} disabled={save.isPending || mappings.length === 0}>
            {save.isPending ? <Spinner /> : <SaveIcon />}
            Save mapping
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {sync.isPending ? (
          <LoadingRows label="Loading products" rows={3} className="h-10" />
        ) : sync.isError ? (
          <LoadErrorAlert query={sync} title={BILLING_ADMIN_MESSAGES.fetchTiersFailed} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Tier</TableHead>
                <TableHead>Monthly price</TableHead>
                <TableHead>Annual price</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sync.data.tiers.map((tier) => {
                const m = mappings.find((x) => x.tier === tier.tier);
                return (
                  <TableRow key={tier.tier}>
                    <TableCell>
                      <p className="font-medium">{tier.displayName}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatCents(tier.priceMonthlyCents)} / month · {formatCents(tier.priceAnnualCents)} / year
                      </p>
                    </TableCell>
                    {(['stripePriceIdMonthly', 'stripePriceIdAnnual'] as const).map((field) => {
                      const options = field === 'stripePriceIdMonthly' ? monthly : annual;
                      const value = m?.[field] ?? null;
                      return (
                        <TableCell key={field}>
                          <Select value={value ?? NONE} onValueChange={(v) => update(tier.tier, field, v)}>
                            <SelectTrigger className="w-64" aria-label={`${tier.displayName} ${field === 'stripePriceIdMonthly' ? 'monthly' : 'annual'} price`}>
                              <SelectValue />
                            </SelectTrigger>
                            <SelectContent>
                              <SelectItem value={NONE}>Not mapped</SelectItem>
                              {value && !options.some((o) => o.id === value) && <SelectItem value={value}>{value}</SelectItem>}
                              {options.map((o) => (
                                <SelectItem key={o.id} value={o.id}>
                                  {o.label}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
