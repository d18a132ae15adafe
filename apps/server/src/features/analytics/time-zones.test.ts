import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, datesBetween, daysInclusive, nextRunAt, periodInstants, previousPeriod, scheduledPeriod, zonedTimeToUtc } from './time-zones';

const iso = (d: Date) => d.toISOString();

describe('time-zone date math', () => {
  it('finds where a day starts in a zone, across daylight-saving changes', () => {
    expect(iso(zonedTimeToUtc('2026-01-15', 'UTC'))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-01-15', 'Europe/Amsterdam'))).toBe('2026-01-14T23:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-07-15', 'Europe/Amsterdam'))).toBe('2026-07-14T22:00:00.000Z');
    // Europe switches on 29 March 2026 at 01:00 UTC: that day starts at +1, the next at +2.
    expect(iso(zonedTimeToUtc('2026-03-29', 'Europe/Amsterdam'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-30', 'Europe/Amsterdam'))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', 'America/New_York'))).toBe('2026-11-23T05:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', 'Asia/Kolkata'))).toBe('2026-11-22T18:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', 'Pacific/Auckland'))).toBe('2026-11-22T11:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-23', 'Europe/Amsterdam', 6))).toBe('2026-11-23T05:00:00.000Z');
  });

  it('a day whose midnight is skipped by the clock change starts at the first instant that exists', () => {
    // Santiago moves from -04 to -03 at 24:00 on 2026-09-05: 2026-09-06 starts at 01:00 local = 04:00 UTC.
    expect(iso(zonedTimeToUtc('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    // A skipped time in the middle of the night moves forward by the gap: 02:30 → 03:30 in Amsterdam.
    expect(iso(zonedTimeToUtc('2026-03-29', 'Europe/Amsterdam', 2, 30))).toBe('2026-03-29T01:30:00.000Z');
    // A repeated time (clocks back on 25 October) is one of its two instants.
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(iso(zonedTimeToUtc('2026-10-25', 'Europe/Amsterdam', 2, 30)));
  });

  it('tells the date in a zone at an instant', () => {
    expect(dateInZone(new Date('2026-11-22T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-11-23');
    expect(dateInZone(new Date('2026-11-22T23:30:00Z'), 'UTC')).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-11-23T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('counts and lists calendar days, over month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysInclusive('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInclusive('2026-11-23', '2026-11-23')).toBe(1);
    expect(daysInclusive('2026-03-01', '2026-03-31')).toBe(31); // a DST change inside changes nothing
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('turns a period into instants and finds the previous one of the same length', () => {
    expect(periodInstants({ from: '2026-03-28', to: '2026-03-29', tz: 'Europe/Amsterdam' })).toEqual({
      start: new Date('2026-03-27T23:00:00Z'),
      end: new Date('2026-03-29T22:00:00Z'),
    });
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-11-23', to: '2026-11-23' })).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });

  it('schedules the next 06:00 in the zone: any day, the next Monday, the 1st of the month', () => {
    // Monday 23 November 2026, 10:00 in Amsterdam (09:00 UTC).
    const monday = new Date('2026-11-23T09:00:00Z');
    expect(iso(nextRunAt('daily', 'Europe/Amsterdam', monday))).toBe('2026-11-24T05:00:00.000Z');
    expect(iso(nextRunAt('weekly', 'Europe/Amsterdam', monday))).toBe('2026-11-30T05:00:00.000Z');
    expect(iso(nextRunAt('monthly', 'Europe/Amsterdam', monday))).toBe('2026-12-01T05:00:00.000Z');
    // Before 06:00 the same day's run is still ahead; exactly at 06:00 it is not.
    expect(iso(nextRunAt('daily', 'Europe/Amsterdam', new Date('2026-11-23T04:59:00Z')))).toBe('2026-11-23T05:00:00.000Z');
    expect(iso(nextRunAt('weekly', 'Europe/Amsterdam', new Date('2026-11-23T05:00:00Z')))).toBe('2026-11-30T05:00:00.000Z');
    // The local date decides: late Sunday evening in New York is already Monday in UTC.
    expect(iso(nextRunAt('weekly', 'America/New_York', new Date('2026-11-23T02:00:00Z')))).toBe('2026-11-23T11:00:00.000Z');
    // Across a daylight-saving change: 06:00 in summer time.
    expect(iso(nextRunAt('monthly', 'Europe/Amsterdam', new Date('2026-03-15T12:00:00Z')))).toBe('2026-04-01T04:00:00.000Z');
    expect(iso(nextRunAt('monthly', 'UTC', new Date('2026-12-15T12:00:00Z')))).toBe('2027-01-01T06:00:00.000Z');
  });

  it('a scheduled run covers yesterday, the seven days before, or last month, in its zone', () => {
    const run = new Date('2026-12-01T05:00:00Z'); // 06:00 on Tuesday 1 December in Amsterdam
    expect(scheduledPeriod('daily', 'Europe/Amsterdam', run)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(scheduledPeriod('weekly', 'Europe/Amsterdam', run)).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    expect(scheduledPeriod('monthly', 'Europe/Amsterdam', run)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(scheduledPeriod('monthly', 'UTC', new Date('2026-03-01T06:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(scheduledPeriod('monthly', 'UTC', new Date('2027-01-01T06:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    // 04:00 UTC is still 30 November in New York.
    expect(scheduledPeriod('daily', 'America/New_York', new Date('2026-12-01T04:00:00Z'))).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });
});
