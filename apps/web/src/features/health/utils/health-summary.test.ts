import { describe, expect, it } from 'vitest';
import { chartPoints, formatAxisMs, formatMs, isSuccessRateLow } from './health-summary';

const probe = (checkedAt: string, responseTimeMs: number, isHealthy = true) => ({ checkedAt, responseTimeMs, isHealthy, node: 'a' });

describe('health page', () => {
  it('plots probes oldest first', () => {
    const points = chartPoints([probe('2026-11-22T10:01:00Z', 5), probe('2026-11-22T10:00:00Z', 3), probe('bad', 1)]);
    expect(points.map((p) => p.responseTimeMs)).toEqual([3, 5]);
  });

  it('warns below 95 % success, not without probes', () => {
    expect(isSuccessRateLow({ successRate: 94.9, probes: [probe('2026-11-22T10:00:00Z', 1, false)] })).toBe(true);
    expect(isSuccessRateLow({ successRate: 95, probes: [probe('2026-11-22T10:00:00Z', 1)] })).toBe(false);
    expect(isSuccessRateLow({ successRate: 100, probes: [] })).toBe(false);
  });

  it('formats response times', () => {
    expect(formatMs(1.234)).toBe('1.23 ms');
    expect(formatMs(250.4)).toBe('250 ms');
    expect(formatMs(2500)).toBe('2.50 s');
    expect(formatAxisMs(9)).toBe('9 ms');
    expect(formatAxisMs(2.25)).toBe('2.3 ms');
    expect(formatAxisMs(1500)).toBe('1.5 s');
  });
});
