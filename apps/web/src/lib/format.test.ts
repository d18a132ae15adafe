import { describe, expect, it } from 'vitest';
import { formatBytes, formatCompactNumber, formatDate, formatLatency, formatNumber, formatRatio, humanize, shortId } from './format';

describe('admin display formats', () => {
  it('turns action names into words', () => {
    expect(humanize('admin_user_created')).toBe('Admin user created');
    expect(humanize('bulk-notification_sent')).toBe('Bulk notification sent');
    expect(humanize('')).toBe('');
  });

  it('shows the first 8 characters of an id', () => {
    expect(shortId('0b8f3c2e-1111-4222-8333-444455556666')).toBe('0b8f3c2e');
  });

  it('shows a dash for a date it cannot read', () => {
    expect(formatDate('nope')).toBe('—');
    expect(formatDate('2026-11-22T10:00:00Z')).toMatch(/2026/);
  });
});

describe('figures', () => {
  it('groups whole numbers and shortens big ones when asked', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatCompactNumber(950)).toBe('950');
    expect(formatCompactNumber(12_345)).toBe('12.3K');
    expect(formatCompactNumber(4_500_000)).toBe('4.5M');
  });

  it('shows a share as a percentage without claiming none or all when that is not true', () => {
    expect(formatRatio(0.874)).toBe('87%');
    expect(formatRatio(1)).toBe('100%');
    expect(formatRatio(0)).toBe('0%');
    expect(formatRatio(0.004)).toBe('<1%');
    expect(formatRatio(0.996)).toBe('>99%');
    expect(formatRatio(null)).toBe('—');
  });

  it('shows response times in milliseconds, then seconds, then minutes', () => {
    expect(formatLatency(849.6)).toBe('850 ms');
    expect(formatLatency(1234)).toBe('1.2 s');
    expect(formatLatency(14_400)).toBe('14 s');
    expect(formatLatency(125_000)).toBe('2 min 5 s');
    expect(formatLatency(120_000)).toBe('2 min');
    expect(formatLatency(null)).toBe('—');
  });

  it('shows file sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(null)).toBe('—');
  });
});
