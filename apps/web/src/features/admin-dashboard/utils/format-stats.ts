/** "+12.5%", "-3%", "0%"; null when there is no earlier figure to compare with. */
export function formatGrowth(growth: number | null): string | null {
  if (growth === null || !Number.isFinite(growth)) return null;
  const rounded = Math.round(growth * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

export function growthTone(growth: number | null): 'up' | 'down' | 'flat' {
  if (growth === null || growth === 0) return 'flat';
  return growth > 0 ? 'up' : 'down';
}

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-US');

/** Monthly revenue arrives in currency units (the server divides cents by 100). */
export function formatRevenue(amount: number): string {
  return currency.format(amount);
}

export function formatCount(count: number): string {
  return integer.format(count);
}

export function formatUptime(percent: number): string {
  return `${(Math.round(percent * 100) / 100).toFixed(2)}%`;
}
