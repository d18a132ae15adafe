import { describe, expect, it } from 'vitest';
import { exportFileName, formatCents, formatPercent, monthLabel } from './billing-format';

describe('billing formats', () => {
  it('shows cents as dollars', () => {
    expect(formatCents(2900)).toBe('$29.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(500, 'eur')).toBe('5.00 EUR');
  });
  it('names months and percentages', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(formatPercent(12.345)).toBe('12.35%');
  });
  it('names exports with the time', () => {
    expect(exportFileName('events', new Date('2026-11-23T10:00:00Z'))).toBe('billing-events-2026-11-23T10-00-00.json');
  });
});
