import { describe, expect, it } from 'vitest';
import { addDays, customRangeError, daysInRange, filterSearchParams, formatPeriod, presetRange, readFilter, todayIn } from './period';

const BOT = '0b8f3c2e-1111-4222-8333-444455556666';
// 01:30 UTC on 23 November: still the 22nd in New York, already the 23rd in Tokyo.
const NOW = new Date('2026-11-23T01:30:00Z');

describe('analytics periods', () => {
  it('knows which day it is in the viewer’s time zone', () => {
    expect(todayIn('UTC', NOW)).toBe('2026-11-23');
    expect(todayIn('America/New_York', NOW)).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', NOW)).toBe('2026-11-23');
  });

  it('counts calendar days across month ends and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
  });

  it('turns presets into whole days ending today, in the time zone', () => {
    expect(presetRange('7d', 'UTC', NOW)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(presetRange('30d', 'UTC', NOW)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(presetRange('90d', 'UTC', NOW)).toEqual({ from: '2026-08-26', to: '2026-11-23' });
    expect(presetRange('7d', 'America/New_York', NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('month', 'UTC', NOW)).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    // Midnight has not come to New York yet on the 1st of December UTC: "this month" is still November there.
    expect(presetRange('month', 'America/New_York', new Date('2026-12-01T02:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(daysInRange(...(Object.values(presetRange('30d', 'Asia/Tokyo', NOW)) as [string, string]))).toBe(30);
  });

  it('reads the filter from the URL and falls back to the last 30 days for anything it cannot use', () => {
    expect(readFilter(new URLSearchParams(''), 'UTC', NOW)).toEqual({ period: '30d', from: '2026-10-25', to: '2026-11-23', chatbotId: null });
    expect(readFilter(new URLSearchParams(`period=7d&chatbot=${BOT}`), 'UTC', NOW)).toEqual({
      period: '7d',
      from: '2026-11-17',
      to: '2026-11-23',
      chatbotId: BOT,
    });
    expect(readFilter(new URLSearchParams('period=custom&from=2026-09-01&to=2026-09-15'), 'UTC', NOW)).toMatchObject({
      period: 'custom',
      from: '2026-09-01',
      to: '2026-09-15',
    });
    expect(readFilter(new URLSearchParams('period=custom&from=2026-09-15&to=2026-09-01'), 'UTC', NOW).period).toBe('30d');
    expect(readFilter(new URLSearchParams('period=forever&chatbot=not-an-id'), 'UTC', NOW)).toMatchObject({ period: '30d', chatbotId: null });
  });

  it('writes presets without dates, so a bookmarked link keeps moving with the calendar', () => {
    expect(filterSearchParams({ period: '30d', from: '2026-10-25', to: '2026-11-23', chatbotId: null }).toString()).toBe('period=30d');
    expect(filterSearchParams({ period: 'custom', from: '2026-09-01', to: '2026-09-15', chatbotId: BOT }).toString()).toBe(
      `period=custom&from=2026-09-01&to=2026-09-15&chatbot=${BOT}`,
    );
  });

  it('explains why a custom range cannot be shown', () => {
    expect(customRangeError('2026-09-01', '2026-09-15')).toBeNull();
    expect(customRangeError('2026-09-15', '2026-09-01')).toBe('The period must start before it ends');
    expect(customRangeError('2025-01-01', '2026-09-01')).toMatch(/at most 366 days/);
    expect(customRangeError('', '2026-09-01')).toMatch(/start and an end/);
  });

  it('labels a period briefly', () => {
    expect(formatPeriod('2026-11-01', '2026-11-30')).toBe('Nov 1 – Nov 30, 2026');
    expect(formatPeriod('2025-12-15', '2026-01-14')).toBe('Dec 15, 2025 – Jan 14, 2026');
    expect(formatPeriod('2026-11-23', '2026-11-23')).toBe('Nov 23, 2026');
  });
});
