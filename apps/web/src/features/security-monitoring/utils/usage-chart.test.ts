import { describe, expect, it } from 'vitest';
import { usageChartPoints } from './usage-chart';

describe('the API calls chart', () => {
  it('splits each bucket into succeeded, failed and refused calls that add up to the calls', () => {
    const points = usageChartPoints([{ start: '2026-01-01T10:00:00.000Z', calls: 10, errors: 4, rateLimited: 1 }]);
    expect(points).toEqual([{ time: Date.parse('2026-01-01T10:00:00.000Z'), ok: 6, errors: 3, rateLimited: 1 }]);
    expect(points[0]!.ok + points[0]!.errors + points[0]!.rateLimited).toBe(10);
  });
});
