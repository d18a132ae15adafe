import { describe, expect, it } from 'vitest';
import { percentile, summarizeLatencies } from './latency';

describe('latency percentiles (nearest rank)', () => {
  it('takes the smallest value with at least p% of the values at or below it', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([], 50)).toBe(0);
  });

  it('summarises unsorted latencies without reordering them', () => {
    const latencies = [30, 10, 20, 40];
    expect(summarizeLatencies(latencies)).toEqual({ count: 4, p50: 20, p95: 40, mean: 25 });
    expect(latencies).toEqual([30, 10, 20, 40]);
    expect(summarizeLatencies([])).toEqual({ count: 0, p50: 0, p95: 0, mean: 0 });
  });
});
