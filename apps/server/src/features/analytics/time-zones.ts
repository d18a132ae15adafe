/**
 * Calendar dates (YYYY-MM-DD) and IANA time zones: where a day starts, which day an instant
 * falls on, when a schedule runs next. Pure functions over Intl (the zone data shipped with
 * Node); the SQL side groups with PostgreSQL's own zone data, which follows the same IANA database.
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `timeZone` at an instant. */
function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far `timeZone` is ahead of UTC at an instant, in ms (Amsterdam in summer: +2 h). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const parseDate = (date: string): [number, number, number] => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

const formatUtcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The instant a wall-clock time on `date` happens in `timeZone`. A time skipped by a
 * daylight-saving change (it does not exist) is moved forward by the gap, so a day whose
 * midnight is skipped starts at the first instant it has (01:00); a time that happens twice
 * (clocks going back) gives one of its two instants.
 */
export function zonedTimeToUtc(date: string, timeZone: string, hour = 0, minute = 0): Date {
  const [year, month, day] = parseDate(date);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const guess = offsetAt(asUtc, timeZone);
  const offset = offsetAt(asUtc - guess, timeZone);
  if (offset === guess) return new Date(asUtc - guess);
  if (offsetAt(asUtc - offset, timeZone) === offset) return new Date(asUtc - offset);
  // In the gap: neither offset gives this wall time back; the one before the change moves it forward.
  return new Date(asUtc - Math.min(guess, offset));
}

/** The calendar date in `timeZone` at an instant. */
export function dateInZone(at: Date, timeZone: string): string {
  const wall = wallClock(at.getTime(), timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return formatUtcDate(Date.UTC(year, month - 1, day + days));
}

/** Days from `from` to `to`, both included (2026-11-01..2026-11-30 → 30). */
export function daysInclusive(from: string, to: string): number {
  const [fy, fm, fd] = parseDate(from);
  const [ty, tm, td] = parseDate(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS) + 1;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const count = daysInclusive(from, to);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
}

/** The instants of a period of whole days in a zone: [from 00:00, the day after `to` 00:00). */
export function periodInstants(period: { from: string; to: string; tz: string }): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(period.from, period.tz), end: zonedTimeToUtc(addDays(period.to, 1), period.tz) };
}

/** The same number of days just before a period (for "compared with the previous period"). */
export function previousPeriod(period: { from: string; to: string }): { from: string; to: string } {
  const days = daysInclusive(period.from, period.to);
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

export type Frequency = 'daily' | 'weekly' | 'monthly';

/** Scheduled reports are built at this local hour, when the previous day is complete everywhere in the zone. */
export const SCHEDULE_HOUR = 6;

/** 0 = Monday … 6 = Sunday, for a calendar date. */
const weekdayOf = (date: string) => {
  const [year, month, day] = parseDate(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
};

const runsOn = (frequency: Frequency, date: string) => (frequency === 'daily' ? true : frequency === 'weekly' ? weekdayOf(date) === 0 : date.endsWith('-01'));

/**
 * The first 06:00 in `timeZone` strictly after `after` on a day the frequency runs:
 * any day (daily), a Monday (weekly), the 1st of a month (monthly).
 */
export function nextRunAt(frequency: Frequency, timeZone: string, after: Date): Date {
  let date = dateInZone(after, timeZone);
  // A month ahead covers every frequency; the loop is at most 32 steps.
  for (let i = 0; i < 40; i += 1) {
    if (runsOn(frequency, date)) {
      const at = zonedTimeToUtc(date, timeZone, SCHEDULE_HOUR);
      if (at.getTime() > after.getTime()) return at;
    }
    date = addDays(date, 1);
  }
  throw new Error('no next run found');
}

/**
 * The days a scheduled report covers when it runs at `runAt`: the day before (daily), the
 * seven days before (weekly), the previous calendar month (monthly) — in the schedule's zone.
 */
export function scheduledPeriod(frequency: Frequency, timeZone: string, runAt: Date): { from: string; to: string } {
  const runDate = dateInZone(runAt, timeZone);
  const yesterday = addDays(runDate, -1);
  if (frequency === 'daily') return { from: yesterday, to: yesterday };
  if (frequency === 'weekly') return { from: addDays(runDate, -7), to: yesterday };
  const [year, month] = parseDate(runDate);
  const firstOfThisMonth = formatUtcDate(Date.UTC(year, month - 1, 1));
  const lastOfPrevious = addDays(firstOfThisMonth, -1);
  return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
}
