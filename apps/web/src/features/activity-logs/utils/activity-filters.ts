import { ACTIVITY_SYSTEM_ACTOR } from '@parley/shared/contracts/activity-logs';

/** The activity log's filters as the page keeps them (in its address): dates are days, in the browser's time zone. */
export interface ActivityFilterState {
  actor: string;
  action: string;
  resourceType: string;
  resourceId: string;
  /** YYYY-MM-DD: from the start of this day. */
  fromDate: string;
  /** YYYY-MM-DD: to the end of this day. */
  toDate: string;
}

export const ACTIVITY_FILTER_KEYS = [
  'actor',
  'action',
  'resourceType',
  'resourceId',
  'fromDate',
  'toDate',
] as const satisfies readonly (keyof ActivityFilterState)[];

export const EMPTY_ACTIVITY_FILTERS: ActivityFilterState = { actor: '', action: '', resourceType: '', resourceId: '', fromDate: '', toDate: '' };

export { ACTIVITY_SYSTEM_ACTOR };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a day in the browser's time zone, as an instant; null for anything but a real YYYY-MM-DD date. */
export function startOfLocalDay(day: string, addDays = 0): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day0 = new Date(year, month - 1, date);
  // 2026-02-30 would roll over to March: not a date.
  if (day0.getFullYear() !== year || day0.getMonth() !== month - 1 || day0.getDate() !== date) return null;
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** Why the dates cannot be used, or null. */
export function dateRangeProblem(state: Pick<ActivityFilterState, 'fromDate' | 'toDate'>): string | null {
  if (state.fromDate && !startOfLocalDay(state.fromDate)) return 'Enter the “From” date as a date.';
  if (state.toDate && !startOfLocalDay(state.toDate)) return 'Enter the “To” date as a date.';
  if (state.fromDate && state.toDate && state.fromDate > state.toDate) return '“From” must be on or before “To”.';
  return null;
}

/** The server's query for these filters: the To day is included whole (up to the next day's start). */
export function activityFilterQuery(state: ActivityFilterState): Record<string, string | undefined> {
  const text = (value: string) => value.trim() || undefined;
  return {
    actor: text(state.actor),
    action: text(state.action),
    resourceType: text(state.resourceType),
    resourceId: text(state.resourceId),
    from: state.fromDate ? (startOfLocalDay(state.fromDate) ?? undefined) : undefined,
    to: state.toDate ? (startOfLocalDay(state.toDate, 1) ?? undefined) : undefined,
  };
}

export function hasActivityFilters(state: ActivityFilterState): boolean {
  return ACTIVITY_FILTER_KEYS.some((key) => state[key].trim() !== '');
}

/** Line feeds in a piece of a UTF-8 CSV: each ends one row (no exported field holds a line break). */
export function countLineFeeds(bytes: Uint8Array): number {
  let lines = 0;
  for (const byte of bytes) if (byte === 10) lines += 1;
  return lines;
}

/** 0–100 for an export's bar: rows received of the total the server announced. */
export function exportPercent(rows: number, total: number | null): number | null {
  if (total === null || !Number.isFinite(total)) return null;
  if (total === 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((rows * 100) / total)));
}
