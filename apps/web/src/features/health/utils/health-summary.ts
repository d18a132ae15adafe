import { HEALTH_SUCCESS_RATE_WARNING_PERCENT } from '@parley/shared/admin-console';
import type { HealthMonitor } from '@parley/shared/contracts/admin-dashboard';

export interface ChartPoint {
  time: number;
  responseTimeMs: number;
  isHealthy: boolean;
}

export function chartPoints(probes: HealthMonitor['probes']): ChartPoint[] {
  return probes
    .map((probe) => ({ time: new Date(probe.checkedAt).getTime(), responseTimeMs: probe.responseTimeMs, isHealthy: probe.isHealthy }))
    .filter((point) => Number.isFinite(point.time))
    .sort((a, b) => a.time - b.time);
}

/** Spec part 1 §4: a success rate below 95 % shows a warning; with no probes there is nothing to warn about. */
export function isSuccessRateLow(monitor: Pick<HealthMonitor, 'successRate' | 'probes'>): boolean {
  return monitor.probes.length > 0 && monitor.successRate < HEALTH_SUCCESS_RATE_WARNING_PERCENT;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms < 10 ? ms.toFixed(2) : Math.round(ms)} ms`;
}

/** Axis labels: whole or one-decimal milliseconds, seconds from 1 s. */
export function formatAxisMs(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number(ms.toFixed(1))} ms`;
}

const clockWithSeconds = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** Time labels: with seconds when the probes span less than an hour, so that neighbouring ticks differ. */
export function timeTickFormatter(points: readonly ChartPoint[]): (time: number) => string {
  const span = points.length > 1 ? points[points.length - 1]!.time - points[0]!.time : 0;
  const format = span < 60 * 60 * 1000 ? clockWithSeconds : clock;
  return (time) => format.format(new Date(time));
}
