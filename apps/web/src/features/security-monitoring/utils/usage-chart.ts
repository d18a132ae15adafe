import type { ApiUsageResponse } from '@parley/shared/contracts/security-monitoring';

export interface UsageChartPoint {
  time: number;
  ok: number;
  errors: number;
  rateLimited: number;
}

/** Each bucket split into what succeeded, what failed, and what a limit refused (the three stack to the calls). */
export function usageChartPoints(series: ApiUsageResponse['series']): UsageChartPoint[] {
  return series.map((bucket) => ({
    time: new Date(bucket.start).getTime(),
    ok: bucket.calls - bucket.errors,
    errors: bucket.errors - bucket.rateLimited,
    rateLimited: bucket.rateLimited,
  }));
}

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayHourFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit' });

/** Hours for a day's buckets; weekday and hour for a week's. */
export function bucketLabel(time: number, bucketMinutes: number): string {
  return (bucketMinutes < 360 ? hourFormat : dayHourFormat).format(new Date(time));
}
