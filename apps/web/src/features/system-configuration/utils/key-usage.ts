import { FREE_KEY_DEFAULT_DAILY_LIMIT, KEY_USAGE_DANGER_RATIO, KEY_USAGE_WARNING_RATIO } from '@parley/shared/constants';

export type UsageTone = 'normal' | 'warning' | 'danger';

/** Spec part 2 §9: orange from 70 % of the daily limit, destructive from 90 %. */
export function usageTone(usedToday: number, dailyLimit: number | null): UsageTone {
  if (!dailyLimit || dailyLimit <= 0) return 'normal';
  const ratio = usedToday / dailyLimit;
  if (ratio >= KEY_USAGE_DANGER_RATIO) return 'danger';
  if (ratio >= KEY_USAGE_WARNING_RATIO) return 'warning';
  return 'normal';
}

/** Percent of the daily limit used, 0 to 100. */
export function usagePercent(usedToday: number, dailyLimit: number | null): number {
  if (!dailyLimit || dailyLimit <= 0) return 0;
  return Math.min(100, Math.round((usedToday / dailyLimit) * 100));
}

/** Spec part 2 §5: the daily usage limit is at least 1, and falls back to 1000 when not a number. */
export function parseDailyLimit(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  if (Number.isNaN(value)) return FREE_KEY_DEFAULT_DAILY_LIMIT;
  return Math.max(1, value);
}
