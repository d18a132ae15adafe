import { describe, expect, it } from 'vitest';
import { formatCount, formatGrowth, formatRevenue, formatUptime, growthTone } from './format-stats';

describe('dashboard figures', () => {
  it('signs growth and leaves it out when unknown', () => {
    expect(formatGrowth(12.54)).toBe('+12.5%');
    expect(formatGrowth(-3)).toBe('-3%');
    expect(formatGrowth(0)).toBe('0%');
    expect(formatGrowth(null)).toBeNull();
    expect(growthTone(-1)).toBe('down');
    expect(growthTone(null)).toBe('flat');
  });

  it('formats counts, revenue and uptime', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatRevenue(1234.5)).toBe('$1,235');
    expect(formatUptime(99.5)).toBe('99.50%');
  });
});
