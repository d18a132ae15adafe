/** The server sends -1 for a plan limit that does not apply. */
export const UNLIMITED = -1;

export type UsageTone = 'normal' | 'warning' | 'critical';

/** Share of the limit at which the bar turns amber, before it turns red at the limit itself. */
const WARNING_PERCENT = 80;

/** How alarming a usage level looks: amber from 80 %, red from 100 %; no percent (an unlimited plan) is never alarming. */
export function usageTone(percent: number | null): UsageTone {
  if (percent === null || !Number.isFinite(percent)) return 'normal';
  if (percent >= 100) return 'critical';
  if (percent >= WARNING_PERCENT) return 'warning';
  return 'normal';
}

const fullNumber = new Intl.NumberFormat('en-US');
const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 12,345 in full; from a million on, 1.2M, which reads faster than seven digits. */
export function formatCount(value: number): string {
  return Math.abs(value) >= 1_000_000 ? compactNumber.format(value) : fullNumber.format(value);
}

/** A plan limit as a person reads it: "Unlimited" for -1, otherwise the number. */
export function formatLimit(limit: number): string {
  return limit === UNLIMITED ? 'Unlimited' : formatCount(limit);
}

/** "1,234 of 10,000"; on an unlimited plan there is nothing to count against, so "1,234 used · Unlimited". */
export function formatUsedOfLimit(used: number, limit: number): string {
  return limit === UNLIMITED ? `${formatCount(used)} used · Unlimited` : `${formatCount(used)} of ${formatLimit(limit)}`;
}

/** Rounded down, so 99.6 % does not read as a limit already reached; a sliver of use shows as "<1%" rather than "0%". */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.floor(percent)}%`;
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The usage period is a calendar month in UTC: "November 2026". */
export function formatUsagePeriod(startIso: string): string {
  const start = new Date(startIso);
  return Number.isNaN(start.getTime()) ? '—' : monthFormat.format(start);
}
