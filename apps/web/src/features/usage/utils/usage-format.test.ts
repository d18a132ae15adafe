import { describe, expect, it } from 'vitest';
import { formatCount, formatLimit, formatPercent, formatUsagePeriod, formatUsedOfLimit, usageTone } from './usage-format';

describe('usage tone', () => {
  it('stays normal below 80 %, turns amber from 80 % and red at the limit', () => {
    expect(usageTone(0)).toBe('normal');
    expect(usageTone(79.9)).toBe('normal');
    expect(usageTone(80)).toBe('warning');
    expect(usageTone(99.9)).toBe('warning');
    expect(usageTone(100)).toBe('critical');
    expect(usageTone(140)).toBe('critical');
  });

  it('never alarms on an unlimited plan, which has no percent', () => {
    expect(usageTone(null)).toBe('normal');
  });
});

describe('usage numbers', () => {
  it('shows -1 as Unlimited and other limits with thousands separators', () => {
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit(0)).toBe('0');
    expect(formatLimit(50_000)).toBe('50,000');
    expect(formatLimit(5)).toBe('5');
  });

  it('shortens millions', () => {
    expect(formatCount(999_999)).toBe('999,999');
    expect(formatCount(1_200_000)).toBe('1.2M');
    expect(formatCount(10_000_000)).toBe('10M');
  });

  it('reads used against the limit, or just used on an unlimited plan', () => {
    expect(formatUsedOfLimit(12_345, 100_000)).toBe('12,345 of 100,000');
    expect(formatUsedOfLimit(2, 3)).toBe('2 of 3');
    expect(formatUsedOfLimit(12_345, -1)).toBe('12,345 used · Unlimited');
  });

  it('rounds percents down and keeps a sliver of use visible', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.2)).toBe('<1%');
    expect(formatPercent(99.6)).toBe('99%');
    expect(formatPercent(100)).toBe('100%');
  });

  it('names the period by its UTC month', () => {
    expect(formatUsagePeriod('2026-11-01T00:00:00.000Z')).toBe('November 2026');
    expect(formatUsagePeriod('not a date')).toBe('—');
  });
});
