/** Money is integer cents everywhere; shown in US dollars (spec §9). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatCents(cents: number, currency = 'usd'): string {
  if (currency.toLowerCase() !== 'usd') return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return usd.format(cents / 100);
}

/** For axis ticks: whole dollars when the tick is whole, else with cents. */
export function formatWholeDollars(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usd.format(cents / 100);
}

/** 12.5 → "12.5%". */
export function formatPercent(value: number): string {
  return `${Math.round(value * 100) / 100}%`;
}

/** "2026-11" → "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The name of a JSON export: billing-events-2026-11-23T10-00-00.json. */
export function exportFileName(kind: string, now = new Date()): string {
  return `billing-${kind}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}

/** Saves a JSON document in the browser as a download. */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
