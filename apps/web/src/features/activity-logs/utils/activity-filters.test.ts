import { describe, expect, it } from 'vitest';
import {
  activityFilterQuery,
  countLineFeeds,
  dateRangeProblem,
  EMPTY_ACTIVITY_FILTERS,
  exportPercent,
  hasActivityFilters,
  startOfLocalDay,
} from './activity-filters';

describe('activity log filters', () => {
  it('turns days into instants in the browser’s time zone, the To day included whole', () => {
    const query = activityFilterQuery({ ...EMPTY_ACTIVITY_FILTERS, fromDate: '2026-03-01', toDate: '2026-03-31', action: ' user_deactivated ' });
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 3, 1).toISOString());
    expect(query.action).toBe('user_deactivated');
    expect(query.actor).toBeUndefined();
    // The last day of a month rolls over to the next month's first.
    expect(startOfLocalDay('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('says what is wrong with the dates', () => {
    expect(dateRangeProblem({ fromDate: '2026-03-02', toDate: '2026-03-01' })).toBe('“From” must be on or before “To”.');
    expect(dateRangeProblem({ fromDate: '2026-02-30', toDate: '' })).toBe('Enter the “From” date as a date.');
    expect(dateRangeProblem({ fromDate: '2026-03-01', toDate: '2026-03-01' })).toBeNull();
    expect(hasActivityFilters(EMPTY_ACTIVITY_FILTERS)).toBe(false);
    expect(hasActivityFilters({ ...EMPTY_ACTIVITY_FILTERS, resourceId: 'ab' })).toBe(true);
  });

  it('counts an export’s rows as they arrive', () => {
    expect(countLineFeeds(new TextEncoder().encode('time,action\r\n2026,é\r\n2026,x\r\n'))).toBe(3);
    expect(exportPercent(250, 1000)).toBe(25);
    expect(exportPercent(0, 0)).toBe(100);
    expect(exportPercent(5, null)).toBeNull();
  });
});
