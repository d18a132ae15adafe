import { describe, expect, it } from 'vitest';
import { hasData, hourlySeries, outcomeBreakdown, satisfactionSeries, trendSeries } from './chart-data';

const day = (date: string, values: Partial<Record<string, number>> = {}) => ({
  date,
  conversations: 0,
  questions: 0,
  answered: 0,
  declined: 0,
  handoffs: 0,
  errors: 0,
  tokens: 0,
  thumbsUp: 0,
  thumbsDown: 0,
  ...values,
});

describe('chart data', () => {
  it('puts the days in order with short labels', () => {
    const series = trendSeries([day('2026-11-02', { conversations: 3, questions: 5 }), day('2026-11-01', { conversations: 1, questions: 1 })]);
    expect(series).toEqual([
      { date: '2026-11-01', label: 'Nov 1', conversations: 1, questions: 1 },
      { date: '2026-11-02', label: 'Nov 2', conversations: 3, questions: 5 },
    ]);
  });

  it('always shows the 24 hours of the day', () => {
    const series = hourlySeries([{ hour: 9, conversations: 4, questions: 6 }]);
    expect(series).toHaveLength(24);
    expect(series[0]).toEqual({ hour: 0, label: '00:00', conversations: 0, questions: 0 });
    expect(series[9]).toEqual({ hour: 9, label: '09:00', conversations: 4, questions: 6 });
    expect(series[23]?.label).toBe('23:00');
  });

  it('gives each outcome its share of all outcomes', () => {
    const slices = outcomeBreakdown({ answered: 6, declined: 2, handoffs: 1, errors: 1 });
    expect(slices.map((slice) => [slice.label, slice.value, slice.share])).toEqual([
      ['Answered', 6, 0.6],
      ['Declined', 2, 0.2],
      ['Handed off', 1, 0.1],
      ['Errors', 1, 0.1],
    ]);
    expect(outcomeBreakdown({ answered: 0, declined: 0, handoffs: 0, errors: 0 }).every((slice) => slice.share === 0)).toBe(true);
  });

  it('keeps ratings per day and tells an all-zero chart from one with data', () => {
    const series = satisfactionSeries([day('2026-11-01'), day('2026-11-02', { thumbsUp: 2, thumbsDown: 1 })]);
    expect(series[1]).toEqual({ date: '2026-11-02', label: 'Nov 2', thumbsUp: 2, thumbsDown: 1 });
    expect(hasData(series, ['thumbsUp', 'thumbsDown'])).toBe(true);
    expect(hasData(series.slice(0, 1), ['thumbsUp', 'thumbsDown'])).toBe(false);
    expect(hasData(hourlySeries([]), ['conversations'])).toBe(false);
  });
});
