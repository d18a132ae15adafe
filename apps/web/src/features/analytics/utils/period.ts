import { analyticsQuerySchema } from '@parley/shared/contracts/analytics';
import { idSchema } from '@parley/shared/contracts/common';

/** The quick choices of the period select; "custom" takes its dates from the URL. */
export const PERIOD_PRESETS = ['7d', '30d', '90d', 'month'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type Period = PeriodPreset | 'custom';

export const DEFAULT_PERIOD: PeriodPreset = '30d';

export const PERIOD_LABELS: Readonly<Record<Period, string>> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  month: 'This month',
  custom: 'Custom range',
};

const PRESET_DAYS: Readonly<Record<Exclude<PeriodPreset, 'month'>, number>> = { '7d': 7, '30d': 30, '90d': 90 };

/** What the analytics on the dashboard are about: whole days (inclusive), all chatbots or one. */
export interface AnalyticsFilter {
  period: Period;
  from: string;
  to: string;
  chatbotId: string | null;
}

/** The viewer's IANA time zone; UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The calendar date (YYYY-MM-DD) it is at `now` in a time zone: just after midnight UTC it is still yesterday in New York. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Calendar arithmetic on YYYY-MM-DD (done in UTC, where every day has 24 hours). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A preset's days, ending today in the time zone: "last 7 days" is today and the 6 days before it. */
export function presetRange(preset: PeriodPreset, timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  if (preset === 'month') return { from: `${to.slice(0, 8)}01`, to };
  return { from: addDays(to, 1 - PRESET_DAYS[preset]), to };
}

/** Why a custom period cannot be shown (the shared contract's words), or null when it can. */
export function customRangeError(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both a start and an end date';
  const result = analyticsQuerySchema.safeParse({ from, to });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Choose a valid period');
}

function isPeriod(value: string | null): value is Period {
  return value === 'custom' || PERIOD_PRESETS.some((preset) => preset === value);
}

/**
 * The filter the URL asks for (`?period=30d&chatbot=<id>`, or `?period=custom&from=…&to=…`). Anything it cannot use —
 * an unknown period, a custom range the server would refuse, a chatbot id that is not an id — falls back to the
 * default, so a hand-edited or stale link still opens a working page.
 */
export function readFilter(params: URLSearchParams, timeZone: string, now: Date = new Date()): AnalyticsFilter {
  const requested = params.get('period');
  const chatbot = params.get('chatbot');
  const chatbotId = chatbot && idSchema.safeParse(chatbot).success ? chatbot : null;
  if (requested === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (customRangeError(from, to) === null) return { period: 'custom', from, to, chatbotId };
  }
  const preset = isPeriod(requested) && requested !== 'custom' ? requested : DEFAULT_PERIOD;
  return { period: preset, ...presetRange(preset, timeZone, now), chatbotId };
}

/** The URL query for a filter; a preset's dates are not written, since they move with the calendar. */
export function filterSearchParams(filter: Pick<AnalyticsFilter, 'period' | 'from' | 'to' | 'chatbotId'>): URLSearchParams {
  const params = new URLSearchParams({ period: filter.period });
  if (filter.period === 'custom') {
    params.set('from', filter.from);
    params.set('to', filter.to);
  }
  if (filter.chatbotId) params.set('chatbot', filter.chatbotId);
  return params;
}

const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A calendar date as a short label, "Nov 3" (the date is already in the right time zone, so it is read as UTC). */
export function formatDay(date: string, withYear = false): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return (withYear ? dayMonthYear : dayMonth).format(at);
}

/** "Nov 1 – Nov 30, 2026"; the year is written once when both ends share it. */
export function formatPeriod(from: string, to: string): string {
  if (from === to) return formatDay(from, true);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatDay(from, !sameYear)} – ${formatDay(to, true)}`;
}
