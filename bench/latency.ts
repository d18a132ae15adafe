/** Latency figures of a benchmark: nearest-rank percentiles over milliseconds. */

/** The nearest-rank `p`-th percentile of `sorted` (ascending): the smallest value with at least p% of them at or below it. 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  mean: number;
}

/** p50, p95 and the mean of `latencies` (any order; not changed). */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : 0;
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean };
}
