/** Integer cents as money: 4900, 'usd' → "$49.00". */
export function formatCents(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** -1 means unlimited (spec). */
export const formatLimit = (value: number) => (value === -1 ? 'Unlimited' : value.toLocaleString('en-US'));
